export function meta() {
  return [
    { title: 'Bare React Router page' },
    { name: 'description', content: 'A React Router page with nothing on it, for comparison.' },
    { tagName: 'link', rel: 'canonical', href: 'http://localhost/' },
  ];
}

export default function Home() {
  return (
    <main>
      <h1>Bare React Router page</h1>
      <p>Rendered on the server, hydrated in the browser, nothing else.</p>
    </main>
  );
}

// Lighthouse reads robots.txt; the shop serves one, so the bare page does too.
export function loader() {
  return new Response('User-agent: *\nAllow: /\n', { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

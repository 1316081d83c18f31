import { data } from 'react-router';

// Browsers ask for /favicon.ico; answering 404 from a route keeps the server's log quiet.
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <h1>Not found</h1>;
}

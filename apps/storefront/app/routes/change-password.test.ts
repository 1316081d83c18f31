import { describe, expect, it } from 'vitest';
import { loader } from './change-password';

type LoaderArgs = Parameters<typeof loader>[0];
const run = (url: string) => loader({ request: new Request(url), url: new URL(url) } as LoaderArgs);

function redirected(url: string): Response {
  try {
    run(url);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new Error(`${url} was not redirected`);
}

describe('/change-password loader', () => {
  it('gives the page the token and uid of the reset link', () => {
    expect(run('http://shop.test/change-password?token=abc-123&uid=MTI')).toEqual({ token: 'abc-123', uid: 'MTI' });
  });

  it.each([
    'http://shop.test/change-password',
    'http://shop.test/change-password?token=abc',
    'http://shop.test/change-password?uid=MTI',
    'http://shop.test/change-password?token=&uid=MTI',
    'http://shop.test/change-password?token=abc&uid=%20',
  ])('sends %s home', (url) => {
    const response = redirected(url);
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/');
  });

  it('keeps the Russian reset link in Russian, and sends it home to /ru/', () => {
    expect(run('http://shop.test/ru/change-password?token=abc-123&uid=MTI')).toEqual({ token: 'abc-123', uid: 'MTI' });
    expect(redirected('http://shop.test/ru/change-password?token=abc').headers.get('Location')).toBe('/ru/');
  });
});

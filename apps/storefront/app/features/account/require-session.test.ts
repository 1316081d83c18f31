import { describe, expect, it } from 'vitest';
import { storageKeys } from '../../lib/storage';
import { requireSession } from './require-session';

describe('requireSession', () => {
  it('sends a visitor without a stored access token home', () => {
    let thrown: unknown;
    try {
      requireSession();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get('Location')).toBe('/');
  });

  it('lets a signed-in shopper in', () => {
    localStorage.setItem(storageKeys.access, 'token');
    expect(() => requireSession()).not.toThrow();
  });

  it('counts an empty token as none', () => {
    localStorage.setItem(storageKeys.access, '');
    expect(() => requireSession()).toThrow();
  });
});

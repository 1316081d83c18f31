import { expect } from '@playwright/test';

/**
 * The browser logs every failed response as a console error, which fails a test (fixtures.ts). A
 * test that provokes an API error on purpose (a wrong password, a taken e-mail) names it here at its
 * end: each named response must have been logged, and only those are taken off the list.
 */
export function expectFailedResponses(consoleErrors: string[], expected: { status: number; path: string }[]): void {
  for (const { status, path } of expected) {
    const matches = (line: string) =>
      line.startsWith(`console.error: Failed to load resource: the server responded with a status of ${status} `) &&
      new URL(line.slice(line.lastIndexOf('(') + 1, -1)).pathname === path;
    expect(consoleErrors.some(matches), `a ${status} answer from ${path}`).toBe(true);
    const rest = consoleErrors.filter((line) => !matches(line));
    consoleErrors.splice(0, consoleErrors.length, ...rest);
  }
}

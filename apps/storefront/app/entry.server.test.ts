import { RouterContextProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { handleError } from './entry.server';
import { type PageLog, pageLogContext } from './lib/request-context';

function argsWith(log: PageLog, request = new Request('https://shop.example/category/odyag')) {
  const context = new RouterContextProvider();
  context.set(pageLogContext, log);
  return { request, context, params: {} } as unknown as Parameters<typeof handleError>[1];
}

describe('the server build’s errors', () => {
  it('go to the report the server gave the request (its log line, with its id)', () => {
    const log = { error: vi.fn() };
    const failure = new Error('a loader failed');
    handleError(failure, argsWith(log));
    expect(log.error).toHaveBeenCalledWith({ err: failure, url: '/category/odyag' }, 'page failed');
  });

  it('are not reported for a request the client has left', () => {
    const log = { error: vi.fn() };
    const left = new AbortController();
    left.abort();
    handleError(new Error('aborted'), argsWith(log, new Request('https://shop.example/', { signal: left.signal })));
    expect(log.error).not.toHaveBeenCalled();
  });
});

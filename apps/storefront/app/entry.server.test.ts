import { RouterContextProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { handleError } from './entry.server';
import { errorReportContext } from './lib/request-context';

function argsWith(report: (error: unknown) => void, request = new Request('https://shop.example/category/odyag')) {
  const context = new RouterContextProvider();
  context.set(errorReportContext, report);
  return { request, context, params: {} } as unknown as Parameters<typeof handleError>[1];
}

describe('the server build’s errors', () => {
  it('go to the report the server gave the request (its log line, with its id)', () => {
    const report = vi.fn();
    const failure = new Error('a loader failed');
    handleError(failure, argsWith(report));
    expect(report).toHaveBeenCalledWith(failure);
  });

  it('are not reported for a request the client has left', () => {
    const report = vi.fn();
    const left = new AbortController();
    left.abort();
    handleError(new Error('aborted'), argsWith(report, new Request('https://shop.example/', { signal: left.signal })));
    expect(report).not.toHaveBeenCalled();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { ignoreInterruption, quietInterruptedRequests } from './interrupted';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('ignoreInterruption', () => {
  it('ends a navigation cut short by a newer one quietly', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      ignoreInterruption(Promise.reject(new DOMException('signal is aborted without reason', 'AbortError')));
      await settle();
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('lets any other failure through', async () => {
    const unhandled = vi.fn();
    const listeners = process.listeners('unhandledRejection');
    process.removeAllListeners('unhandledRejection');
    process.on('unhandledRejection', unhandled);
    try {
      ignoreInterruption(Promise.reject(new Error('loader failed')));
      await settle();
      expect(unhandled).toHaveBeenCalledWith(expect.objectContaining({ message: 'loader failed' }), expect.anything());
    } finally {
      process.off('unhandledRejection', unhandled);
      for (const listener of listeners) process.on('unhandledRejection', listener);
    }
  });

  it('accepts a navigation that returned nothing', () => {
    expect(() => ignoreInterruption(undefined)).not.toThrow();
  });
});

describe('quietInterruptedRequests', () => {
  function listening() {
    const target = new EventTarget();
    const stop = quietInterruptedRequests(target as unknown as Window);
    const rejection = (reason: unknown) => {
      const event = Object.assign(new Event('unhandledrejection', { cancelable: true }), { reason });
      target.dispatchEvent(event);
      return event.defaultPrevented;
    };
    return { stop, rejection };
  }

  it('keeps a request cut short by a navigation out of the page’s errors', () => {
    const { rejection } = listening();
    expect(rejection(new DOMException('signal is aborted without reason', 'AbortError'))).toBe(true);
  });

  it('keeps out a data request whose answer was cut short while read, which React Router wraps', () => {
    const { rejection } = listening();
    const aborted = new DOMException('BodyStreamBuffer was aborted', 'AbortError');
    expect(rejection(new Error('Unable to decode turbo-stream response', { cause: aborted }))).toBe(true);
    expect(rejection(new Error('Unable to decode turbo-stream response', { cause: new SyntaxError('bad') }))).toBe(
      false,
    );
  });

  it('leaves every other rejection reported', () => {
    const { rejection } = listening();
    expect(rejection(new Error('loader failed'))).toBe(false);
    expect(rejection(new DOMException('quota', 'QuotaExceededError'))).toBe(false);
    expect(rejection(undefined)).toBe(false);
  });

  it('stops listening when told to', () => {
    const { stop, rejection } = listening();
    stop();
    expect(rejection(new DOMException('aborted', 'AbortError'))).toBe(false);
  });
});

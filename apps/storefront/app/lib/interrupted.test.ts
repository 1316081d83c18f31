import { describe, expect, it, vi } from 'vitest';
import { ignoreInterruption } from './interrupted';

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

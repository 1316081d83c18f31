/**
 * Lets a navigation or a reload that a newer navigation cuts short end quietly: React Router rejects
 * its promise with an AbortError, and the newer navigation's own loaders bring the data. Any other
 * failure is thrown on, as before.
 */
export function ignoreInterruption(pending: Promise<void> | void): void {
  Promise.resolve(pending).catch((error: unknown) => {
    if (error instanceof DOMException && error.name === 'AbortError') return;
    throw error;
  });
}

/**
 * A request or navigation cut short on purpose: what an AbortController's abort() rejects with, or an
 * error caused by it. React Router wraps a data request cut short while its answer was being read in
 * "Unable to decode turbo-stream response", with the AbortError as its cause.
 */
export const isInterruption = (error: unknown): boolean =>
  (error instanceof DOMException && error.name === 'AbortError') ||
  (error instanceof Error && error.cause !== undefined && isInterruption(error.cause));

/**
 * Lets a navigation or a reload that a newer navigation cuts short end quietly: React Router rejects
 * its promise with an AbortError, and the newer navigation's own loaders bring the data. Any other
 * failure is thrown on, as before.
 */
export function ignoreInterruption(pending: Promise<void> | void): void {
  Promise.resolve(pending).catch((error: unknown) => {
    if (isInterruption(error)) return;
    throw error;
  });
}

/**
 * The router's own data requests are left unhandled when a navigation cuts them short: a revalidation
 * of the root's data (after signing in or out) that a click on a link interrupts rejects with an
 * AbortError nobody awaits, which the browser reports as an uncaught error. Such a rejection is no
 * error of the page; every other one is reported as before. Returns the way to stop listening.
 */
export function quietInterruptedRequests(target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window) {
  const listener = (event: Pick<PromiseRejectionEvent, 'reason' | 'preventDefault'>) => {
    if (isInterruption(event.reason)) event.preventDefault();
  };
  target.addEventListener('unhandledrejection', listener);
  return () => target.removeEventListener('unhandledrejection', listener);
}

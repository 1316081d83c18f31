import { ApiError } from './api';

/** A throttled form's message: a plural key and the wait, rounded up to whole minutes past a minute. */
export interface ThrottledMessage {
  key: 'throttled.seconds' | 'throttled.minutes';
  values: { count: number };
}

// The server's 429 body also names the wait ("Expected available in 840 seconds."): the fallback
// when a proxy dropped the header.
const waitInDetail = /available in (\d+) seconds/;

/**
 * For a 429 answer, what the form says: that there were too many attempts and when to try again.
 * Anything else: null, and the form shows its usual failure.
 */
export function throttledMessage(error: unknown): ThrottledMessage | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  const fromDetail = waitInDetail.exec(error.message)?.[1];
  const seconds = error.retryAfter ?? (fromDetail ? Number(fromDetail) : 60);
  if (seconds < 60) return { key: 'throttled.seconds', values: { count: Math.max(1, seconds) } };
  return { key: 'throttled.minutes', values: { count: Math.ceil(seconds / 60) } };
}

import { type ApiClient, ApiError, createApiClient, detailOf } from '@kram/contract/client';
import { refreshRefusedWarning } from '@kram/contract/token-refresh';
import type { ApiFetch } from './request-context';
import { clearSession, getAccessToken, getRefreshToken, saveRefreshedTokens } from './session';

export { type ApiClient, ApiError, detailOf };

/**
 * Answers are checked against the contract in development and tests; a production build neither
 * checks them nor loads the schemas to do so.
 */
const checkAnswers = import.meta.env.DEV || import.meta.env.MODE === 'test';

/**
 * The storefront's API client in the browser: it sends the stored access token as a bearer header
 * and, on a 401, refreshes it once and repeats the call; when the refresh fails the shopper is signed
 * out. The refresh rule is the back office's too (one Web Lock across every tab of either app).
 */
export const api: ApiClient = createApiClient({
  session: {
    access: getAccessToken,
    refresh: getRefreshToken,
    saveRefreshed: saveRefreshedTokens,
    clear: clearSession,
  },
  onRefused: () => console.warn(refreshRefusedWarning),
  checkAnswers,
});

/** The client of a server render: the API answered in-process, as a guest. */
export const serverApi = (fetcher: ApiFetch): ApiClient =>
  createApiClient({ fetch: (path) => fetcher(path), checkAnswers });

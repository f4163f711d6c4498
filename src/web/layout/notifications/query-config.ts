import type { QueryClientConfig } from '@tanstack/react-query';
import { isRetryable } from '../../i18n/error-text';

/**
 * Data-fetching defaults of the spec (sections 4 and 9): 3 retries, delay 1 s doubling
 * up to 30 s, cached data discarded after 5 minutes. Passed to Refine as
 * `options.reactQuery.clientConfig`, so the bell and every resource query share them.
 * Only a failure that may pass is retried (no answer, 5xx, 408, 429): a 404 or 403 shows
 * at once instead of after eight seconds of retries.
 */
export const queryClientConfig: QueryClientConfig = {
  defaultOptions: {
    queries: {
      retry: (failureCount, error) => failureCount < 3 && isRetryable(error),
      retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
      gcTime: 5 * 60 * 1000,
    },
  },
};

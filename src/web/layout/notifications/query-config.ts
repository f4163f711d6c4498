import type { QueryClientConfig } from '@tanstack/react-query';

/**
 * Data-fetching defaults of the spec (sections 4 and 9): 3 retries, delay 1 s doubling
 * up to 30 s, cached data discarded after 5 minutes. Passed to Refine as
 * `options.reactQuery.clientConfig`, so the bell and every resource query share them.
 */
export const queryClientConfig: QueryClientConfig = {
  defaultOptions: {
    queries: {
      retry: 3,
      retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
      gcTime: 5 * 60 * 1000,
    },
  },
};

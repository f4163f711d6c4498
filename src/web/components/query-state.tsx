import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorState } from './error-state';

/** What QueryState reads of a react-query result. */
export interface QueryLike<T> {
  isError: boolean;
  error: unknown;
  data: T[] | undefined;
  failureCount: number;
  refetch: () => unknown;
}

/** The spec's data calls are tried three more times before they fail (query-config.ts). */
const RETRIES = 3;

/**
 * Skeleton rows while a list loads; once a try has failed and the next is pending, it says so
 * (the retries take up to 14 s, and a blank wait looks like a hang).
 */
export function ListSkeleton({ rows, failureCount }: { rows: number; failureCount: number }) {
  const { t } = useTranslation('errors');
  return (
    <Stack spacing={1} sx={{ p: 2 }} data-testid="list-skeleton" aria-busy>
      {failureCount > 0 && (
        <Typography role="status" data-testid="list-retrying" sx={{ color: 'text.secondary' }}>
          {t('errors:state.retrying', { attempt: failureCount, of: RETRIES })}
        </Typography>
      )}
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} variant="rounded" height={36} />
      ))}
    </Stack>
  );
}

/**
 * A module's own list (the bench, pending approvals…) in the states every list has: the error with
 * a retry, skeleton rows while it loads, the empty text, then the rows.
 */
export function QueryState<T>({ query, empty, children }: { query: QueryLike<T>; empty: string; children: (rows: T[]) => ReactNode }) {
  if (query.isError)
    return (
      <Box sx={{ p: 2 }}>
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </Box>
    );
  if (!query.data) return <ListSkeleton rows={4} failureCount={query.failureCount} />;
  if (!query.data.length) return <Typography sx={{ p: 3, color: 'text.secondary' }}>{empty}</Typography>;
  return <>{children(query.data)}</>;
}

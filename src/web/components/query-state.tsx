import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ErrorState } from './error-state';

/** What QueryState reads of a react-query result. */
interface QueryLike<T> {
  isError: boolean;
  error: unknown;
  data: T[] | undefined;
  refetch: () => unknown;
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
  if (!query.data)
    return (
      <Stack spacing={1} sx={{ p: 2 }} data-testid="list-skeleton">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={36} />
        ))}
      </Stack>
    );
  if (!query.data.length) return <Typography sx={{ p: 3, color: 'text.secondary' }}>{empty}</Typography>;
  return <>{children(query.data)}</>;
}

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { SharedHeadcount } from '../../../domain/modules/headcounts/headcounts.schema';
import { ErrorState } from '../../components/error-state';
import { useFormatters } from '../../i18n/format';

type State = { kind: 'loading' } | { kind: 'shown'; data: SharedHeadcount } | { kind: 'invalid' } | { kind: 'failed'; error: unknown };

/**
 * What a customer sees through a share link, without signing in: its active seats and the hours
 * each person logged on them this month and last. The token is
 * the URL's fragment (never sent by the browser in a request line or Referer) and goes to the
 * API in a header.
 */
export function SharedHeadcountPage() {
  // Its words load with the page: a customer has no session that would have loaded them.
  const { t, ready } = useTranslation('headcounts');
  const fmt = useFormatters();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const monthLabel = (month: string) => fmt.month(month);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const token = window.location.hash.slice(1);
    let live = true;
    void (async () => {
      if (!token) return live && setState({ kind: 'invalid' });
      try {
        const res = await fetch('/api/v1/headcount/token/view', { headers: { 'x-share-token': token, accept: 'application/json' } });
        if (!live) return;
        if (res.status === 404 || res.status === 400) setState({ kind: 'invalid' });
        else if (!res.ok)
          setState({ kind: 'failed', error: { response: { status: res.status, data: await res.json().catch(() => ({})) } } });
        else setState({ kind: 'shown', data: (await res.json()) as SharedHeadcount });
      } catch (error) {
        if (live) setState({ kind: 'failed', error });
      }
    })();
    return () => {
      live = false;
    };
  }, [attempt]);

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }} component="main">
      {(state.kind === 'loading' || !ready) && (
        <Box>
          <Skeleton width={320} height={48} />
          <Skeleton variant="rounded" height={200} />
        </Box>
      )}
      {ready && state.kind === 'invalid' && (
        <Typography variant="h5" component="h1" data-testid="share-invalid">
          {t('headcounts:shared.invalid')}
        </Typography>
      )}
      {ready && state.kind === 'failed' && <ErrorState error={state.error} onRetry={() => setAttempt((n) => n + 1)} />}
      {ready && state.kind === 'shown' && (
        <Box>
          <Typography variant="h4" component="h1" dir="auto">
            {t('headcounts:shared.title', { customer: state.data.customer.name })}
          </Typography>
          <Typography sx={{ color: 'text.secondary', mb: 3 }}>
            {t('headcounts:shared.intro')} {t('headcounts:shared.until', { date: fmt.date(state.data.expiresAt) })}
          </Typography>
          <Card sx={{ overflowX: 'auto' }}>
            {state.data.seats.length === 0 ? (
              <Typography sx={{ p: 3 }}>{t('headcounts:shared.empty')}</Typography>
            ) : (
              <Table data-testid="shared-seats">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('headcounts:shared.person')}</TableCell>
                    <TableCell>{t('headcounts:shared.role')}</TableCell>
                    <TableCell>{t('headcounts:shared.project')}</TableCell>
                    <TableCell>{t('headcounts:shared.since')}</TableCell>
                    <TableCell>{t('headcounts:shared.until_col')}</TableCell>
                    <TableCell align="right">{t('headcounts:shared.allocation')}</TableCell>
                    <TableCell align="right">{t('headcounts:shared.hoursIn', { month: monthLabel(state.data.months.previous) })}</TableCell>
                    <TableCell align="right">{t('headcounts:shared.hoursIn', { month: monthLabel(state.data.months.current) })}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {state.data.seats.map((s, i) => (
                    <TableRow key={i}>
                      <TableCell dir="auto">{s.fullName}</TableCell>
                      <TableCell dir="auto">{s.title}</TableCell>
                      <TableCell dir="auto">{s.project ?? '—'}</TableCell>
                      <TableCell>{fmt.date(s.startDate)}</TableCell>
                      <TableCell>{s.endDate ? fmt.date(s.endDate) : '—'}</TableCell>
                      <TableCell align="right">{fmt.number(s.allocation / 100, { style: 'percent' })}</TableCell>
                      <TableCell align="right">{fmt.number(s.hours.previous)}</TableCell>
                      <TableCell align="right">{fmt.number(s.hours.current)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </Card>
        </Box>
      )}
    </Container>
  );
}

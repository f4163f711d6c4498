import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import LockOutlined from '@mui/icons-material/LockOutlined';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import type { MonthClose } from '../../../domain/modules/month-close/month-close.schema';
import { canCloseMonths } from '../../../domain/modules/month-close/month-close.rules';
import { ErrorState } from '../../components/error-state';
import { CloseDialog, ReopenDialog, useMonthName } from '../../components/month-close-dialogs';
import { useFormatters } from '../../i18n/format';
import { http } from '../../providers/http';
import { useAuthContext } from '../../providers/auth-context';

const KEY = ['month-closes'];

/**
 * The firm's closed months (decision 017): a closed month's invoices, salaries, external costs and
 * logwork are read-only. Everyone with the page reads the list; admin closes a month and reopens
 * one, saying why, each after a confirmation.
 */
export function MonthClosePage() {
  const { t } = useTranslation(['month-close', 'common', 'errors', 'validation']);
  const fmt = useFormatters();
  const monthName = useMonthName();
  const { role } = useAuthContext();
  const isAdmin = canCloseMonths(role);
  const qc = useQueryClient();
  const list = useQuery({ queryKey: KEY, queryFn: async () => (await http.get<{ data: MonthClose[] }>('/api/v1/month-closes')).data.data });
  const [closing, setClosing] = useState(false);
  const [reopening, setReopening] = useState<string | null>(null);

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 3 }}
      >
        <Box>
          <Typography variant="h4" component="h1">
            {t('month-close:title')}
          </Typography>
          <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>{t('month-close:intro')}</Typography>
        </Box>
        {isAdmin && (
          <Button variant="contained" startIcon={<LockOutlined />} onClick={() => setClosing(true)} data-testid="close-month">
            {t('month-close:close')}
          </Button>
        )}
      </Stack>
      <Card>
        {list.isPending ? (
          <Skeleton variant="rounded" height={200} />
        ) : list.isError ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.length === 0 ? (
          <Typography sx={{ p: 3, color: 'text.secondary' }}>{t('month-close:empty')}</Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('month-close:title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('month-close:month')}</TableCell>
                  <TableCell>{t('month-close:closedBy')}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('month-close:note')}</TableCell>
                  {isAdmin && <TableCell align="right">{t('common:resource.actions')}</TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {list.data.map((c) => (
                  <TableRow key={c.month} data-testid={`closed-${c.month}`}>
                    <TableCell>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {monthName(c.month)}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      <Typography variant="body2" dir="auto">
                        {c.closedByName ?? '—'}
                      </Typography>
                      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                        {fmt.dateTime(c.closedAt)}
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }} dir="auto">
                      {c.note ?? ''}
                    </TableCell>
                    {isAdmin && (
                      <TableCell align="right">
                        <Button
                          size="small"
                          startIcon={<LockOpenOutlined />}
                          onClick={() => setReopening(c.month)}
                          aria-label={`${t('month-close:reopen')}: ${monthName(c.month)}`}
                          data-testid={`reopen-${c.month}`}
                        >
                          {t('month-close:reopen')}
                        </Button>
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </Card>
      {closing && <CloseDialog onClose={() => setClosing(false)} onDone={() => qc.invalidateQueries({ queryKey: KEY })} />}
      {reopening && (
        <ReopenDialog month={reopening} onClose={() => setReopening(null)} onDone={() => qc.invalidateQueries({ queryKey: KEY })} />
      )}
    </Box>
  );
}

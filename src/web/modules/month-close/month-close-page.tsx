import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LockOutlined from '@mui/icons-material/LockOutlined';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import type { MonthClose } from '../../../domain/modules/month-close/month-close.schema';
import { MONTH_PATTERN } from '../../../domain/modules/month-close/month-close.rules';
import { ErrorState } from '../../components/error-state';
import { errorText } from '../../i18n/error-text';
import { useFormatters } from '../../i18n/format';
import { http } from '../../providers/http';
import { useAuthContext } from '../../providers/auth-context';
import { toast } from '../../toast';

const KEY = ['month-closes'];

/** The month just ended, `YYYY-MM`: the one usually closed. */
function lastMonth(): string {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
}

/** "October 2026" in the reader's language. */
function useMonthName() {
  const fmt = useFormatters();
  return (month: string) => fmt.month(month, 'long');
}

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
  const isAdmin = role === 'admin';
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

/** Close a month: which, an optional note, and a confirmation of what it makes read-only. */
function CloseDialog({ onClose, onDone }: { onClose: () => void; onDone: () => Promise<unknown> }) {
  const { t } = useTranslation(['month-close', 'common', 'errors', 'validation']);
  const monthName = useMonthName();
  const [month, setMonth] = useState(lastMonth);
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const valid = MONTH_PATTERN.test(month);
  const close = useMutation({
    mutationFn: () => http.put(`/api/v1/month-closes/${month}`, { note: note.trim() || null }),
    onSuccess: async () => {
      toast.success(t('month-close:closedOk', { month: monthName(month) }));
      await onDone();
      onClose();
    },
    onError: (e) => setError(errorText(t, e)),
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby="close-month-title" fullWidth maxWidth="xs">
      <DialogTitle id="close-month-title">{t('month-close:closeTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            type="month"
            label={t('month-close:month')}
            value={month}
            onChange={(e) => setMonth(e.target.value)}
            error={!valid}
            helperText={valid ? undefined : t('validation:month', { defaultValue: '' })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'close-month-input' } }}
            required
          />
          <TextField label={t('month-close:note')} value={note} onChange={(e) => setNote(e.target.value)} multiline minRows={2} />
          {valid && (
            <DialogContentText data-testid="close-month-warning">
              {t('month-close:closeWarning', { month: monthName(month) })}
            </DialogContentText>
          )}
          {!!error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit">
          {t('common:buttons.cancel')}
        </Button>
        <Button
          variant="contained"
          color="warning"
          disabled={!valid}
          loading={close.isPending}
          onClick={() => close.mutate()}
          data-testid="close-month-confirm"
        >
          {t('month-close:closeConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Reopen a month: the reason is required (it is audited). */
function ReopenDialog({ month, onClose, onDone }: { month: string; onClose: () => void; onDone: () => Promise<unknown> }) {
  const { t } = useTranslation(['month-close', 'common', 'errors', 'validation']);
  const monthName = useMonthName();
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState('');
  const missing = !note.trim();
  const reopen = useMutation({
    mutationFn: () => http.post(`/api/v1/month-closes/${month}/reopen`, { note: note.trim() }),
    onSuccess: async () => {
      toast.success(t('month-close:reopenedOk', { month: monthName(month) }));
      await onDone();
      onClose();
    },
    onError: (e) => setError(errorText(t, e)),
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby="reopen-month-title" fullWidth maxWidth="xs">
      <DialogTitle id="reopen-month-title">{t('month-close:reopenTitle', { month: monthName(month) })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DialogContentText>{t('month-close:reopenWarning')}</DialogContentText>
          <TextField
            label={t('month-close:reason')}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            onBlur={() => setTouched(true)}
            error={touched && missing}
            helperText={touched && missing ? t('validation:required') : undefined}
            required
            multiline
            minRows={2}
            slotProps={{ htmlInput: { 'data-testid': 'reopen-note' } }}
          />
          {!!error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit">
          {t('common:buttons.cancel')}
        </Button>
        <Button
          variant="contained"
          color="warning"
          loading={reopen.isPending}
          onClick={() => (missing ? setTouched(true) : reopen.mutate())}
          data-testid="reopen-confirm"
        >
          {t('month-close:reopenConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

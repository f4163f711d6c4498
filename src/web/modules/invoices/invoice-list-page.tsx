import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useInvalidate } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import type { Invoice } from '../../../domain/modules/invoices/invoices.schema';
import { invoicesResource } from '../../../domain/modules/invoices/invoices.resource';
import { can } from '../../../domain/resources';
import { MonthField } from '../../components/form/month-field';
import { ReferencePicker } from '../../components/resource/lookup';
import { ResourceList } from '../../components/resource/resource-list';
import { parseListState } from '../../components/resource/list-params';
import { useFormatters } from '../../i18n/format';
import { http, toHttpError } from '../../providers/http';
import { useAuthContext } from '../../providers/auth-context';
import { toast } from '../../toast';
import { refusalText } from '../../i18n/error-text';

/** The month just ended, `YYYY-MM`: what is usually billed. */
function lastMonth(): string {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
}

/** The kit's list, and for those who create invoices a draft built from a customer's month of seats. */
export function InvoiceListPage() {
  const { t } = useTranslation(['invoices', 'common', 'validation', 'errors']);
  const { role } = useAuthContext();
  const [open, setOpen] = useState(false);
  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 1, gap: 1, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to="/invoices/analytics" startIcon={<InsightsOutlined />} data-testid="invoice-analytics-link">
          {t('invoices:analytics.title')}
        </Button>
        {can(role, 'invoices', 'create') && (
          <Button variant="outlined" onClick={() => setOpen(true)} data-testid="draft-from-headcount">
            {t('invoices:draft.button')}
          </Button>
        )}
      </Stack>
      <ListTotal />
      <ResourceList resource="invoices" />
      {open && <DraftDialog onClose={() => setOpen(false)} />}
    </Box>
  );
}

/** The invoices the list's filters and search select, counted and summed in the base currency (what an analytic figure links to). */
function ListTotal() {
  const { t } = useTranslation(['invoices']);
  const fmt = useFormatters();
  const [sp] = useSearchParams();
  const state = parseListState(invoicesResource, sp);
  const params = new URLSearchParams();
  if (state.q.trim()) params.set('q', state.q.trim());
  for (const [key, values] of Object.entries(state.filters)) for (const v of values) params.append(key, v);
  const query = params.toString();
  const totals = useQuery({
    queryKey: ['invoices', 'totals', query],
    queryFn: async () =>
      (
        await http.get<{ baseCurrency: string; total: string; net: string; count: number }>(
          `/api/v1/${invoicesResource.path}/totals?${query}`,
        )
      ).data,
  });
  if (!totals.data) return null;
  // Revenue is net of tax (the analytic view's figures); what the invoices owe includes it.
  const { baseCurrency, total, net, count } = totals.data;
  return (
    <Typography
      variant="body2"
      role="status"
      sx={{ mb: 1, color: 'text.secondary' }}
      data-testid="invoice-list-total"
      data-total={total}
      data-net={net}
    >
      {t('invoices:analytics.listTotal', {
        count,
        formatted: fmt.number(count),
        total: fmt.money(total, baseCurrency),
        net: fmt.money(net, baseCurrency),
        currency: baseCurrency,
      })}
    </Typography>
  );
}

function DraftDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['invoices', 'common', 'validation', 'errors']);
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [customerId, setCustomerId] = useState<string | null>(null);
  const [period, setPeriod] = useState(lastMonth);
  const [exchangeRate, setExchangeRate] = useState('');
  const [error, setError] = useState('');
  // The invoice that already bills the month's seats, to open from the refusal.
  const [other, setOther] = useState<{ id: string; name: string } | null>(null);
  const [pending, setPending] = useState(false);

  async function submit() {
    setPending(true);
    setError('');
    setOther(null);
    try {
      const res = await http.post<Invoice>(`/api/v1/${invoicesResource.path}/draft-from-headcount`, {
        customerId,
        period,
        ...(exchangeRate.trim() ? { exchangeRate: exchangeRate.trim() } : {}),
      });
      toast.success(t('invoices:draft.created'));
      await invalidate({ resource: 'invoices', invalidates: ['list'] });
      onClose();
      void navigate(`/invoices/${res.data.id}/edit`);
    } catch (e) {
      setError(refusalText(t, e));
      const { code, details } = toHttpError(e);
      const d = (details ?? {}) as { invoiceId?: unknown; invoice?: unknown };
      setOther(
        code === 'seat_already_billed' && typeof d.invoiceId === 'string' ? { id: d.invoiceId, name: String(d.invoice ?? '') } : null,
      );
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="draft-from-headcount-title">
      <DialogTitle id="draft-from-headcount-title">{t('invoices:draft.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('invoices:draft.hint')}</DialogContentText>
        <Stack spacing={2}>
          <ReferencePicker resource="customers" label={t('invoices:draft.customer')} value={customerId} onChange={setCustomerId} required />
          <MonthField label={t('invoices:draft.period')} value={period} onChange={setPeriod} required testId="draft-period" />
          <TextField
            label={t('invoices:draft.exchangeRate')}
            helperText={t('invoices:draft.exchangeRateHint')}
            value={exchangeRate}
            onChange={(e) => setExchangeRate(e.target.value)}
            slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
          />
          {error && (
            <Alert severity="error" role="alert">
              {error}
              {other && (
                <>
                  {' '}
                  <Link
                    component={RouterLink}
                    to={`/invoices/${other.id}`}
                    data-testid="draft-other-invoice"
                    sx={{ color: 'inherit', fontWeight: 600 }}
                  >
                    {t('invoices:draft.openOther', { invoice: other.name })}
                  </Link>
                </>
              )}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:buttons.cancel')}</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={!customerId || !period || pending} data-testid="draft-submit">
          {t('invoices:draft.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

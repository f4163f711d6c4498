import { useEffect, useState } from 'react';
import { useParams, Link as RouterLink } from 'react-router';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useOne } from '@refinedev/core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { CURRENCIES } from '../../../domain/fields';
import { RHFTextField } from '../../components/form/rhf-text-field';
import { ResourceForm } from '../../components/resource/resource-form';
import { useFormatters } from '../../i18n/format';
import { http } from '../../providers/http';

// The declaration's fields (date, description, category, vendor and its invoice number, customer,
// project, note) plus the amount, its currency and the rate to the base currency, typed as decimal
// text and sent as such: the server keeps them exact.
const EXTRA = ['amount', 'currency', 'exchangeRate'] as const;
/** The kit would draw the amount as a number (a float): the page draws it as text instead. */
const HIDDEN = ['amount'] as const;

/** Blank optional choices are not sent: the server takes the base currency and its rate of 1. */
function transform(values: Record<string, unknown>) {
  const out = { ...values };
  for (const k of ['currency', 'exchangeRate']) if (out[k] === '' || out[k] === null) delete out[k];
  return out;
}

export function CostCreatePage() {
  return (
    <ResourceForm resource="external-costs" action="create" extraFields={EXTRA} hidden={HIDDEN} transform={transform}>
      <CostMoney />
    </ResourceForm>
  );
}

export function CostEditPage() {
  const { id } = useParams();
  return (
    <ResourceForm key={id} resource="external-costs" action="edit" id={id} extraFields={EXTRA} hidden={HIDDEN} transform={transform}>
      <CostMoney id={id} />
    </ResourceForm>
  );
}

type Match = { id: string; description: string; date: string; amount: string; currency: string };
const digitsOf = (decimal: string) => decimal.split('.')[1]?.length ?? 0;
type Saved = { amount: string; currency: string; exchangeRate: string; amountBase: string };

/** The amount, its currency and rate; and a warning when the vendor's invoice number is already on another cost. */
function CostMoney({ id }: { id?: string }) {
  const { t } = useTranslation(['external-costs', 'common']);
  const fmt = useFormatters();
  const { control } = useFormContext();
  const [vendor, number] = useWatch({ control, name: ['vendor', 'vendorInvoiceNumber'] }) as [string | undefined, string | undefined];
  const [matches, setMatches] = useState<Match[]>([]);
  // The record as saved (the form's own query): its rate and the amount the server converted with it.
  const { query: saved } = useOne<Saved>({ resource: 'external-costs', id: id ?? '', queryOptions: { enabled: !!id } });
  const s = id ? saved.data?.data : undefined;
  useEffect(() => {
    const v = vendor?.trim();
    const n = number?.trim();
    if (!v || !n) return setMatches([]);
    let live = true;
    // Asked once the typing pauses: a warning, never a refusal.
    const timer = setTimeout(() => {
      const params = new URLSearchParams({ vendor: v, vendorInvoiceNumber: n, ...(id ? { exceptId: id } : {}) });
      http
        .get<{ data: Match[] }>(`/api/v1/external-costs/vendor-invoices?${params}`)
        .then((res) => live && setMatches(res.data.data))
        .catch(() => live && setMatches([]));
    }, 400);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [vendor, number, id]);

  return (
    <Box sx={{ mt: 3 }}>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr 1fr' } }}>
        <RHFTextField
          name="amount"
          label={t('external-costs:fields.amount')}
          required
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <RHFTextField name="currency" label={t('external-costs:fields.currency')} select>
          <MenuItem value="">
            <em>{t('external-costs:form.baseCurrency')}</em>
          </MenuItem>
          {CURRENCIES.map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </RHFTextField>
        <RHFTextField
          name="exchangeRate"
          label={t('external-costs:fields.exchangeRate')}
          helperText={t('external-costs:form.rateHelp')}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      </Box>
      {s && (
        <Typography
          variant="body2"
          sx={{ mt: 2, color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}
          data-testid="external-cost-in-base"
        >
          {t('external-costs:form.savedInBase', {
            amount: fmt.money(s.amount, s.currency),
            rate: fmt.number(s.exchangeRate, { maximumFractionDigits: 10 }),
            // The server wrote it at the base currency's digits: shown with as many.
            base: fmt.number(s.amountBase, {
              minimumFractionDigits: digitsOf(s.amountBase),
              maximumFractionDigits: digitsOf(s.amountBase),
            }),
          })}
        </Typography>
      )}
      {matches.length > 0 && (
        <Alert severity="warning" sx={{ mt: 3 }} data-testid="vendor-invoice-seen">
          {t('external-costs:form.numberSeen', { count: matches.length })}{' '}
          {matches.map((m, i) => (
            <span key={m.id}>
              {i > 0 && ', '}
              <Link component={RouterLink} to={`/external-costs/${m.id}`} dir="auto">
                {m.description} ({fmt.date(m.date)}, {fmt.money(m.amount, m.currency)})
              </Link>
            </span>
          ))}
        </Alert>
      )}
    </Box>
  );
}

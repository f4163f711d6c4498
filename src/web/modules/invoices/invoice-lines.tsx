import { useEffect } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useOne } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { CURRENCIES } from '../../../domain/fields';
import { INVOICE_LINE_UNITS, invoiceLineInputSchema } from '../../../domain/modules/invoices/invoices.schema';
import { invoiceTotals, MINOR_UNITS, type Totals } from '../../../domain/money';
import { taxRateText } from '../../../domain/modules/invoices/invoices.schema';
import { negate } from '../../../domain/modules/invoices/invoices.rules';
import { RHFTextField } from '../../components/form/rhf-text-field';
import { ReferencePicker } from '../../components/resource/lookup';
import { OtherRowLink, useNamedRow } from '../../components/resource/other-row-link';
import { invoicesResource } from '../../../domain/modules/invoices/invoices.resource';
import { useFormatters } from '../../i18n/format';

type LineValues = { description: string; headcountId: string | null; quantity: string; unit: string; unitPrice: string };
const blankLine = (): LineValues => ({ description: '', headcountId: null, quantity: '1', unit: 'month', unitPrice: '' });

/**
 * Totals as the server will compute them, with the same domain module, for the lines that read
 * as valid so far (a line still being typed counts as nothing); undefined before a currency is known.
 */
export function liveTotals(lines: readonly Partial<LineValues>[], taxRate: unknown, currency: string | undefined): Totals | undefined {
  if (!currency || !(currency in MINOR_UNITS)) return undefined;
  const valid = lines.map((l) => invoiceLineInputSchema.safeParse({ ...l, description: l.description || '-' }));
  const tax = taxRateText.safeParse(taxRate ?? '0');
  const totals = invoiceTotals(
    valid.map((v) => (v.success ? { quantity: v.data.quantity, unitPrice: v.data.unitPrice } : { quantity: '0', unitPrice: '0' })),
    tax.success ? tax.data : '0',
    currency,
  );
  return { ...totals, amounts: totals.amounts.map((a, i) => (valid[i]!.success ? a : '')) };
}

/**
 * The invoice form's own part: the currency's rate, the lines (add, remove, each with its seat,
 * quantity, unit and price), the tax rate, and the totals as they will be — the server computes
 * the saved ones. The customer's currency is taken when none is chosen. A credit note's lines are
 * typed as its invoice's, its currency and rates are its invoice's, and its amounts count negative.
 */
export function InvoiceLines({ editable = true, creditNote = false }: { editable?: boolean; creditNote?: boolean }) {
  const { t } = useTranslation(['invoices', 'common']);
  const fmt = useFormatters();
  const { control, setValue, getValues } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' });
  const lines = (useWatch({ control, name: 'lines' }) as LineValues[] | undefined) ?? [];
  const [customerId, chosen, taxRate] = useWatch({ control, name: ['customerId', 'currency', 'taxRate'] }) as [
    string | null,
    string | null,
    string,
  ];
  const { result: customer } = useOne<{ currency: string }>({
    resource: 'customers',
    id: customerId ?? '',
    queryOptions: { enabled: !!customerId },
  });
  const customerCurrency = customer?.currency;
  useEffect(() => {
    // A new invoice takes its customer's currency until one is chosen.
    if (customerCurrency && !getValues('currency')) setValue('currency', customerCurrency, { shouldDirty: true });
  }, [customerCurrency, getValues, setValue]);
  const currency = chosen || customerCurrency;
  const totals = liveTotals(lines, taxRate, currency ?? undefined);
  const money = (v: string | undefined) => (v && currency ? fmt.money(creditNote ? negate(v) : v, currency) : '—');
  // A credit note's currency and rates stay its invoice's.
  const terms = editable && !creditNote;

  return (
    <Box sx={{ mt: 3 }} data-testid="invoice-lines">
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' }, mb: 3 }}>
        <RHFTextField name="currency" label={t('invoices:fields.currency')} select disabled={!terms}>
          {CURRENCIES.map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </RHFTextField>
        <RHFTextField
          name="exchangeRate"
          label={t('invoices:fields.exchangeRate')}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          disabled={!terms}
        />
        <RHFTextField
          name="taxRate"
          label={t('invoices:fields.taxRate')}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          disabled={!terms}
        />
      </Box>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('invoices:lines.title')}
      </Typography>
      {fields.length === 0 && <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('invoices:lines.empty')}</Typography>}
      <Stack spacing={2} divider={<Divider flexItem />}>
        {fields.map((field, i) => (
          <Box
            key={field.id}
            data-testid={`invoice-line-${i}`}
            sx={{
              display: 'grid',
              gap: 1.5,
              alignItems: 'start',
              gridTemplateColumns: { xs: '1fr 1fr', md: '3fr 1fr 1fr 1.2fr 1fr auto' },
              '& > .wide': { gridColumn: { xs: '1 / -1', md: 'auto' } },
              '& > .whole': { gridColumn: '1 / -1' },
            }}
          >
            {/* A line of its own, wrapping: a description drafted from a seat ("… — 22 working days ×
                …") was cut at a third of the row. One paragraph: Enter does not break it. */}
            <RHFTextField
              className="whole"
              name={`lines.${i}.description`}
              label={t('invoices:lines.description')}
              size="small"
              required
              multiline
              minRows={1}
              onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
              disabled={!editable}
            />
            <Box className="wide">
              <SeatPicker index={i} label={t('invoices:lines.seat')} disabled={!editable} />
            </Box>
            <RHFTextField
              name={`lines.${i}.quantity`}
              label={t('invoices:lines.quantity')}
              size="small"
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              disabled={!editable}
            />
            <RHFTextField name={`lines.${i}.unit`} label={t('invoices:lines.unit')} size="small" select disabled={!editable}>
              {INVOICE_LINE_UNITS.map((u) => (
                <MenuItem key={u} value={u}>
                  {t(`invoices:values.unit.${u}`)}
                </MenuItem>
              ))}
            </RHFTextField>
            <RHFTextField
              name={`lines.${i}.unitPrice`}
              label={t('invoices:lines.unitPrice')}
              size="small"
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              disabled={!editable}
            />
            <Box sx={{ pt: 1, textAlign: 'end' }}>
              <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
                {t('invoices:lines.amount')}
              </Typography>
              <Typography data-testid={`invoice-line-${i}-amount`} sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {money(totals?.amounts[i])}
              </Typography>
            </Box>
            <IconButton
              aria-label={t('invoices:lines.remove', { n: i + 1 })}
              onClick={() => remove(i)}
              disabled={!editable}
              sx={{ mt: 0.5, justifySelf: 'end' }}
            >
              <DeleteIcon />
            </IconButton>
          </Box>
        ))}
      </Stack>
      <Button
        startIcon={<AddIcon />}
        onClick={() => append(blankLine())}
        sx={{ mt: 2 }}
        disabled={!editable}
        data-testid="invoice-add-line"
      >
        {t('invoices:lines.add')}
      </Button>
      <Box sx={{ mt: 3, marginInlineStart: 'auto', maxWidth: 360 }} data-testid="invoice-totals">
        {(['subtotal', 'tax', 'total'] as const).map((k) => (
          <Stack key={k} direction="row" sx={{ justifyContent: 'space-between', py: 0.5 }}>
            <Typography sx={k === 'total' ? { fontWeight: 700 } : { color: 'text.secondary' }}>{t(`invoices:fields.${k}`)}</Typography>
            <Typography data-testid={`invoice-${k}`} sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: k === 'total' ? 700 : 400 }}>
              {money(totals?.[k])}
            </Typography>
          </Stack>
        ))}
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {t('invoices:lines.estimate')}
        </Typography>
      </Box>
    </Box>
  );
}

function SeatPicker({ index, label, disabled }: { index: number; label: string; disabled: boolean }) {
  const { t } = useTranslation();
  const { control, setValue, getFieldState, formState } = useFormContext();
  const field = `lines.${index}.headcountId`;
  const value = useWatch({ control, name: field }) as string | null;
  // The server's word on the seat (billed by another invoice that month), under the picker.
  const error = getFieldState(field, formState).error?.message;
  // The invoice that already bills this seat for the period, when the save was refused for it.
  const other = useNamedRow(field);
  return (
    <Box>
      <ReferencePicker
        resource="headcounts"
        label={label}
        size="small"
        value={value || null}
        onChange={(id) => setValue(field, id, { shouldDirty: true })}
        disabled={disabled}
        name={field}
        error={!!error}
        helperText={error}
      />
      {other && <OtherRowLink field={field} route={invoicesResource.route} row={other} t={t} />}
    </Box>
  );
}

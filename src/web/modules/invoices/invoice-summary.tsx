import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { Invoice } from '../../../domain/modules/invoices/invoices.schema';
import { invoicesResource } from '../../../domain/modules/invoices/invoices.resource';
import { compare } from '../../../domain/money';
import { StatusChip } from '../../components/resource/field-value';
import { useFormatters } from '../../i18n/format';
import { CreditedInvoice, CreditNotes } from './invoice-credit-notes';

/**
 * What the invoice says, above the page's list of its fields: its number and state, its lines, its
 * totals and what its credit notes gave back. A phone stacks the lines rather than scroll a table.
 */
export function InvoiceSummary({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation(['invoices']);
  const fmt = useFormatters();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const creditNote = invoice.kind === 'credit_note';
  const money = (v: string | null) => (v ? fmt.money(v, invoice.currency) : '—');

  return (
    <Card sx={{ p: 3 }} data-testid="invoice-summary">
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h5" component="h2" data-testid="invoice-number">
          {invoice.number ?? t('invoices:draftNumber')}
        </Typography>
        {creditNote && (
          <Box data-testid="invoice-kind">
            <StatusChip
              label={t('invoices:values.kind.credit_note')}
              color={invoicesResource.fields.kind.colors.credit_note ?? 'default'}
            />
          </Box>
        )}
        <StatusChip
          label={t(`invoices:values.status.${invoice.status}`)}
          color={invoicesResource.fields.status.colors[invoice.status] ?? 'default'}
        />
        {invoice.overdue && <Chip size="small" color="error" label={t('invoices:overdueChip')} data-testid="invoice-overdue" />}
      </Stack>
      {invoice.creditOf && <CreditedInvoice id={invoice.creditOf} />}
      {phone ? (
        // On a phone each line stacks: its description whole, then quantity × price and its amount.
        <Box
          component="ul"
          aria-label={t('invoices:lines.title')}
          sx={{ listStyle: 'none', m: 0, p: 0 }}
          data-testid="invoice-lines-stacked"
        >
          {invoice.lines.map((l, i) => (
            <Box component="li" key={i} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
              <Typography dir="auto" sx={{ overflowWrap: 'anywhere' }}>
                {l.description}
              </Typography>
              <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'baseline', mt: 0.5 }}>
                <Typography variant="body2" sx={{ color: 'text.secondary', unicodeBidi: 'isolate' }}>
                  {fmt.number(l.quantity, { maximumFractionDigits: 4 })} {t(`invoices:values.unit.${l.unit}`)} ×{' '}
                  {fmt.number(l.unitPrice, { maximumFractionDigits: 4 })}
                </Typography>
                <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {money(l.amount)}
                </Typography>
              </Stack>
            </Box>
          ))}
        </Box>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('invoices:lines.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('invoices:lines.description')}</TableCell>
                <TableCell align="right">{t('invoices:lines.quantity')}</TableCell>
                <TableCell>{t('invoices:lines.unit')}</TableCell>
                <TableCell align="right">{t('invoices:lines.unitPrice')}</TableCell>
                <TableCell align="right">{t('invoices:lines.amount')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {invoice.lines.map((l, i) => (
                <TableRow key={i}>
                  <TableCell dir="auto">{l.description}</TableCell>
                  <TableCell align="right">{fmt.number(l.quantity, { maximumFractionDigits: 4 })}</TableCell>
                  <TableCell>{t(`invoices:values.unit.${l.unit}`)}</TableCell>
                  <TableCell align="right">{fmt.number(l.unitPrice, { maximumFractionDigits: 4 })}</TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {money(l.amount)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <Box sx={{ mt: 2, marginInlineStart: 'auto', maxWidth: 360 }}>
        {(
          [
            ['subtotal', invoice.subtotal],
            ['tax', invoice.tax],
            ['total', invoice.total],
            ['paidAmount', invoice.paidAmount],
          ] as const
        )
          .filter(([, v]) => v !== null)
          .map(([k, v]) => (
            <Stack key={k} direction="row" sx={{ justifyContent: 'space-between', py: 0.5 }}>
              <Typography sx={k === 'total' ? { fontWeight: 700 } : { color: 'text.secondary' }}>
                {k === 'tax' ? `${t('invoices:fields.tax')} (${fmt.number(invoice.taxRate)} %)` : t(`invoices:fields.${k}`)}
              </Typography>
              <Typography
                data-testid={`invoice-show-${k}`}
                sx={{ fontWeight: k === 'total' ? 700 : 400, fontVariantNumeric: 'tabular-nums' }}
              >
                {money(v)}
              </Typography>
            </Stack>
          ))}
        <Stack direction="row" sx={{ justifyContent: 'space-between', py: 0.5 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('invoices:fields.totalBase')} ({t('invoices:fields.exchangeRate')}{' '}
            {fmt.number(invoice.exchangeRate, { maximumFractionDigits: 10 })})
          </Typography>
          <Typography variant="body2" data-testid="invoice-show-totalBase" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {fmt.number(invoice.totalBase, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}
          </Typography>
        </Stack>
        {compare(invoice.credited, '0') > 0 && (
          <Typography sx={{ py: 0.5, fontWeight: 600 }} data-testid="invoice-credited">
            {t('invoices:creditNote.credited', { credited: money(invoice.credited), total: money(invoice.total) })}
          </Typography>
        )}
      </Box>
      {invoice.kind === 'invoice' && <CreditNotes invoiceId={invoice.id} />}
    </Card>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { PNL_SALARY_MEASURES, type PnlQuery } from '../../../domain/modules/pnl/pnl.rules';
import type { PnlDrill } from '../../../domain/modules/pnl/pnl.schema';
import { compare, divide, formatDecimal, formatDecimalLocale } from '../../../domain/money';
import { ErrorState } from '../../components/error-state';
import { useFormatters } from '../../i18n/format';
import { usePnlDrill, type PnlCell } from './use-pnl-data';

/**
 * The sources a figure sums, a page at a time: invoice lines, salary shares (of the pay, the bonus
 * or the commission) with their allocation basis, or external costs, each linking to its record —
 * a salary's page lists the paid bonuses and commissions it holds, each linking to its statement.
 */
export function PnlDrillDialog({
  cell,
  q,
  currency,
  onClose,
  monthName,
}: {
  cell: PnlCell;
  /** The range and grouping of the P&L shown, which the figure belongs to. */
  q: PnlQuery;
  currency: string;
  onClose: () => void;
  monthName: (m: string) => string;
}) {
  const { t } = useTranslation(['pnl', 'common', 'external-costs']);
  const fmt = useFormatters();
  const [offset, setOffset] = useState(0);
  const query = usePnlDrill(q, cell, offset);
  const d = query.data;
  // Salary cost, bonuses and commissions are shares of salaries alike: each row opens its salary.
  const salary = PNL_SALARY_MEASURES.includes(cell.measure);
  const title = t('pnl:drillTitle', { measure: t(`pnl:measures.${cell.measure}`), row: cell.label });
  const source = (r: PnlDrill['rows'][number]) => {
    if (cell.measure === 'revenue')
      return (
        <Link component={RouterLink} to={`/invoices/${r.sourceId}`}>
          {r.ref ?? t('pnl:draft')}
        </Link>
      );
    if (cell.measure === 'externalCost')
      return (
        <Link component={RouterLink} to={`/external-costs/${r.sourceId}/edit`}>
          {r.ref}
        </Link>
      );
    return (
      <Link component={RouterLink} to={`/salary/${r.sourceId}`}>
        {r.personName ?? '—'}
      </Link>
    );
  };
  const detail = (r: PnlDrill['rows'][number]) => {
    if (salary)
      return r.basis === 'none'
        ? t('pnl:basis.none')
        : t(`pnl:basis.${r.basis as 'hours' | 'seats'}`, {
            weight: formatDecimalLocale(r.weight ?? '0', fmt.locale),
            total: formatDecimalLocale(r.weightTotal ?? '0', fmt.locale),
          });
    if (cell.measure === 'externalCost')
      return [r.basis ? t(`external-costs:values.category.${r.basis}`, { defaultValue: r.basis }) : '', r.description]
        .filter(Boolean)
        .join(' · ');
    return r.description;
  };
  // A salary line is a share of the person's pay: "60 % of ₫53,219,384", never the whole pay alone
  // in the line's Amount column, where it read as what the line costs.
  const whole = (r: PnlDrill['rows'][number]) => {
    if (!r.sourceAmount || !r.sourceCurrency) return '';
    const amount = fmt.money(r.sourceAmount, r.sourceCurrency);
    if (!salary || !r.weight || !r.weightTotal || compare(r.weightTotal, '0') === 0) return amount;
    const share = fmt.number(Number(formatDecimal(divide(r.weight, r.weightTotal, 4))), { style: 'percent', maximumFractionDigits: 1 });
    return t('pnl:shareOf', { share, whole: amount });
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="pnl-drill-title">
      <DialogTitle id="pnl-drill-title">{title}</DialogTitle>
      <DialogContent>
        {query.isError && !d ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : !d ? (
          <Skeleton variant="rounded" height={200} />
        ) : (
          <Stack spacing={1}>
            <Typography data-testid="pnl-drill-total" data-value={d.total}>
              {t('pnl:drillTotal', { total: fmt.money(d.total, currency), count: d.count, formatted: fmt.number(d.count) })}
            </Typography>
            <TableContainer>
              <Table size="small" aria-label={title} data-testid="pnl-drill-table">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('pnl:columns.month')}</TableCell>
                    <TableCell>{t('pnl:columns.source')}</TableCell>
                    <TableCell>{t('pnl:columns.detail')}</TableCell>
                    <TableCell>{t('pnl:columns.where')}</TableCell>
                    <TableCell align="right">{t('pnl:columns.sourceAmount')}</TableCell>
                    <TableCell align="right">{t('pnl:columns.amount', { currency })}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {d.rows.map((r, i) => (
                    <TableRow key={`${r.sourceId}-${r.line ?? ''}-${r.projectId ?? ''}-${i}`}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{monthName(r.month)}</TableCell>
                      <TableCell>{source(r)}</TableCell>
                      <TableCell>{detail(r)}</TableCell>
                      <TableCell>{[r.customerName, r.projectName].filter(Boolean).join(' / ') || t('pnl:overhead')}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} data-testid="pnl-drill-source-amount">
                        {whole(r)}
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {fmt.money(r.amount, currency)}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            {d.count > d.rows.length && (
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                <Button disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - d.rows.length))}>
                  {t('pnl:previous')}
                </Button>
                <Button disabled={offset + d.rows.length >= d.count} onClick={() => setOffset(offset + d.rows.length)}>
                  {t('pnl:next')}
                </Button>
              </Stack>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('pnl:close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

import { useTranslation } from 'react-i18next';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { PNL_DRILL_MEASURES, PNL_SALARY_MEASURES, type PnlDrillMeasure, type PnlGroup } from '../../../domain/modules/pnl/pnl.rules';
import type { Pnl, PnlRow } from '../../../domain/modules/pnl/pnl.schema';
import { formatDecimalLocale } from '../../../domain/money';
import { useFormatters } from '../../i18n/format';
import type { PnlCell } from './use-pnl-data';

const MEASURES = ['revenue', 'salaryCost', 'bonuses', 'commissions', 'externalCost', 'profit'] as const;
type Column = (typeof MEASURES)[number];
/** Every figure but the profit (a difference) opens the rows it sums. */
const DRILLABLE: readonly Column[] = PNL_DRILL_MEASURES;

type Props = {
  data: Pnl;
  /** The grouping of the rows on screen (the previous one's while the next loads). */
  shownGroup: PnlGroup;
  labelOf: (r: PnlRow) => string;
  /** A figure that sums sources opens them (salaries only for those who may read them). */
  onOpen: (cell: PnlCell) => void;
};

/** The P&L's rows and their total: a figure per measure, the margin; masked figures say why. */
export function PnlTable({ data, shownGroup, labelOf, onOpen }: Props) {
  const { t } = useTranslation(['pnl', 'common']);
  const fmt = useFormatters();
  const cur = data.baseCurrency;
  const money = (v: string | null) => (v === null ? '—' : fmt.money(v, cur));
  return (
    <Card sx={{ minWidth: 0 }}>
      <TableContainer>
        <Table size="small" aria-label={t('pnl:tableLabel', { currency: cur })} data-testid="pnl-table">
          <TableHead>
            <TableRow>
              <TableCell>{t(`pnl:groups.${shownGroup}`)}</TableCell>
              {MEASURES.map((m) => (
                <TableCell key={m} align="right">
                  {t(`pnl:measures.${m}`)}
                </TableCell>
              ))}
              <TableCell align="right">{t('pnl:measures.margin')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {[...data.rows, { ...data.totals, key: undefined, label: '', customerName: null }].map((r) => {
              const label = r.key === undefined ? t('pnl:total') : labelOf(r as PnlRow);
              return (
                <TableRow
                  key={r.key ?? 'total'}
                  data-testid={`pnl-row-${r.key ?? 'total'}`}
                  sx={r.key === undefined ? { '& td, & th': { fontWeight: 700 } } : undefined}
                >
                  <TableCell component="th" scope="row">
                    {/* Names isolated: in Arabic, "Maple Health Inc." would read ".Maple Health Inc". */}
                    <bdi>{label}</bdi>
                    {r.customerName && (
                      <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                        <bdi>{r.customerName}</bdi>
                      </Typography>
                    )}
                  </TableCell>
                  {MEASURES.map((m) => {
                    const value = r[m];
                    const canOpen =
                      DRILLABLE.includes(m) && value !== null && (!PNL_SALARY_MEASURES.includes(m as PnlDrillMeasure) || data.salaryDetail);
                    return (
                      <TableCell
                        key={m}
                        align="right"
                        sx={{ whiteSpace: 'nowrap', color: m === 'profit' && value?.startsWith('-') ? 'error.main' : undefined }}
                      >
                        {canOpen ? (
                          <Link
                            component="button"
                            type="button"
                            underline="hover"
                            data-testid={`pnl-cell-${r.key ?? 'total'}-${m}`}
                            data-value={value}
                            aria-label={t('pnl:open', { measure: t(`pnl:measures.${m}`), row: label })}
                            onClick={() => onOpen({ key: r.key, label, measure: m as PnlDrillMeasure, value: value })}
                          >
                            {money(value)}
                          </Link>
                        ) : (
                          <span title={r.masked && value === null ? t('pnl:masked') : undefined} data-value={value ?? ''}>
                            {money(value)}
                          </span>
                        )}
                      </TableCell>
                    );
                  })}
                  <TableCell align="right">{r.margin === null ? '—' : `${formatDecimalLocale(r.margin, fmt.locale)} %`}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </Card>
  );
}

import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useFormatters } from '../../i18n/format';
import type { SalaryPreview } from './salary-import-api';

/** The month's net by currency, before and after the import, for the people of the file. */
export function ImportTotals({ totals }: { totals: SalaryPreview['totals'] }) {
  const { t } = useTranslation(['salaries']);
  const fmt = useFormatters();
  const currencies = [...new Set([...Object.keys(totals.before), ...Object.keys(totals.after)])].sort();
  return (
    <Box sx={{ overflowX: 'auto', mb: 3 }}>
      <Table size="small" aria-label={t('salaries:import.totals')} data-testid="import-totals">
        <TableHead>
          <TableRow>
            <TableCell>{t('salaries:fields.currency')}</TableCell>
            <TableCell align="right">{t('salaries:import.before')}</TableCell>
            <TableCell align="right">{t('salaries:import.after')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {currencies.map((c) => (
            <TableRow key={c}>
              <TableCell>{c}</TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {fmt.money(totals.before[c] ?? '0', c)}
              </TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {fmt.money(totals.after[c] ?? '0', c)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

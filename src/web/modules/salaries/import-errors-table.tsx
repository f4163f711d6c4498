import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { issueText } from '../../i18n/error-text';
import type { ImportValidation } from './salary-import-api';
import { IMPORT_NAMESPACES } from './use-salary-import';

type T = (key: string, options?: Record<string, unknown>) => string;
// The sheet's own columns (e-mail, name) are the import's words; the others are the salary's fields.
const columnLabel = (t: T, column: string) =>
  column === 'email' || column === 'name' ? t(`salaries:import.cols.${column}`) : t(`salaries:fields.${column}`);

/** Each problem of the sheet: its row, its column, the value found and what is wrong (the first 500). */
export function ImportErrorsTable({ errors }: { errors: ImportValidation['errors'] }) {
  const { t } = useTranslation(IMPORT_NAMESPACES);
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('salaries:import.errorsTable')} data-testid="import-errors">
        <TableHead>
          <TableRow>
            <TableCell>{t('salaries:import.cols.row')}</TableCell>
            <TableCell>{t('salaries:import.cols.column')}</TableCell>
            <TableCell>{t('salaries:import.cols.value')}</TableCell>
            <TableCell>{t('salaries:import.cols.problem')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {errors.slice(0, 500).map((e, i) => (
            <TableRow key={i}>
              <TableCell>{e.row}</TableCell>
              <TableCell>{columnLabel(t, e.column)}</TableCell>
              <TableCell dir="auto" sx={{ overflowWrap: 'anywhere' }}>
                {e.value ?? '—'}
              </TableCell>
              <TableCell>{issueText(t, { code: e.code, params: e.params })}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { issueText } from '../../i18n/error-text';
import type { ImportIssue } from './import-types';
import { IMPORT_NAMESPACES } from './use-import';

/** At most this many problems are listed; the failing rows' file has them all. */
export const ERRORS_SHOWN = 500;

/** Each problem of the sheet: its row, its column (in the resource's words), the value found and what is wrong. */
export function ImportErrorsTable({ errors, columnLabel }: { errors: ImportIssue[]; columnLabel: (column: string) => string }) {
  const { t } = useTranslation(IMPORT_NAMESPACES);
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('common:import.errorsTable')} data-testid="import-errors">
        <TableHead>
          <TableRow>
            <TableCell>{t('common:import.cols.row')}</TableCell>
            <TableCell>{t('common:import.cols.column')}</TableCell>
            <TableCell>{t('common:import.cols.value')}</TableCell>
            <TableCell>{t('common:import.cols.problem')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {errors.slice(0, ERRORS_SHOWN).map((e, i) => (
            <TableRow key={i}>
              <TableCell>{e.row}</TableCell>
              <TableCell>{columnLabel(e.column)}</TableCell>
              <TableCell dir="auto" sx={{ overflowWrap: 'break-word' }}>
                {e.value ?? '—'}
              </TableCell>
              <TableCell>{issueText(t, { code: e.code, params: e.params })}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {errors.length > ERRORS_SHOWN && (
        <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
          {t('common:import.shownOf', { shown: ERRORS_SHOWN, total: errors.length })}
        </Typography>
      )}
    </Box>
  );
}

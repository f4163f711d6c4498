import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ImportChange } from './import-types';
import { IMPORT_NAMESPACES } from './use-import';

/** How a field's value reads in the preview (a money amount in its currency, an enum's label); `change` is its row. */
export type ValueText = (field: string, value: string | null, change: ImportChange) => string;

/** At most this many rows are listed: the counts above say how many there are. */
export const CHANGES_SHOWN = 500;

/** Each row's record (its name, and the key the sheet found it by), its change and its fields: old → new for an update. */
export function ImportChangesTable({
  rows,
  recordHeader,
  fieldLabel,
  valueText,
}: {
  rows: ImportChange[];
  recordHeader: string;
  fieldLabel: (field: string) => string;
  valueText: ValueText;
}) {
  const { t } = useTranslation(IMPORT_NAMESPACES);
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('common:import.changes')} data-testid="import-changes">
        <TableHead>
          <TableRow>
            <TableCell>{t('common:import.cols.row')}</TableCell>
            <TableCell>{recordHeader}</TableCell>
            <TableCell>{t('common:import.action')}</TableCell>
            <TableCell>{t('common:import.fieldsChanged')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.slice(0, CHANGES_SHOWN).map((c) => (
            <TableRow key={`${c.row}-${c.key}`} data-action={c.action}>
              <TableCell>{c.row}</TableCell>
              <TableCell dir="auto" sx={{ overflowWrap: 'anywhere' }}>
                {c.label}
                {c.key && c.key !== c.label && (
                  <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }} dir="auto">
                    {c.key}
                  </Typography>
                )}
              </TableCell>
              <TableCell>{t(`common:import.actions.${c.action}`)}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                {c.action === 'unchanged'
                  ? '—'
                  : c.fields.map((f) => (
                      <div key={f.field}>
                        {fieldLabel(f.field)}:{' '}
                        {c.action === 'update' && (
                          <>
                            <bdi>{valueText(f.field, f.old, c)}</bdi> {t('common:import.arrow')}{' '}
                          </>
                        )}
                        <bdi>{valueText(f.field, f.new, c)}</bdi>
                      </div>
                    ))}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {rows.length > CHANGES_SHOWN && (
        <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
          {t('common:import.shownOf', { shown: CHANGES_SHOWN, total: rows.length })}
        </Typography>
      )}
    </Box>
  );
}

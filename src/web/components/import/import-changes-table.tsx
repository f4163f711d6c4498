import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
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
import type { ImportChange } from './import-types';
import { IMPORT_NAMESPACES } from './use-import';

/** How a field's value reads in the preview (a money amount in its currency, an enum's label); `change` is its row. */
export type ValueText = (field: string, value: string | null, change: ImportChange) => string;

/** At most this many rows are listed: the counts above say how many there are. */
export const CHANGES_SHOWN = 500;

export const ACTION_COLOR = { create: 'success', update: 'info', unchanged: 'default' } as const;

type Props = {
  rows: ImportChange[];
  recordHeader: string;
  fieldLabel: (field: string) => string;
  valueText: ValueText;
};

/** A row's fields, one a line: old → new for an update, the value set for a create. */
function FieldLines({ change, fieldLabel, valueText }: { change: ImportChange } & Pick<Props, 'fieldLabel' | 'valueText'>) {
  const { t } = useTranslation(IMPORT_NAMESPACES);
  if (change.action === 'unchanged') return <>—</>;
  return (
    <>
      {change.fields.map((f) => (
        <div key={f.field}>
          {fieldLabel(f.field)}:{' '}
          {change.action === 'update' && (
            <>
              <bdi>{valueText(f.field, f.old, change)}</bdi> {t('common:import.arrow')}{' '}
            </>
          )}
          <bdi>{valueText(f.field, f.new, change)}</bdi>
        </div>
      ))}
    </>
  );
}

/**
 * Each row's record (its name, and the key the sheet found it by), its change and its fields: old → new
 * for an update. On a phone, a card per row: four columns would leave the fields a word per line.
 */
export function ImportChangesTable({ rows, recordHeader, fieldLabel, valueText }: Props) {
  const { t } = useTranslation(IMPORT_NAMESPACES);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const shown = rows.slice(0, CHANGES_SHOWN);
  const more = rows.length > CHANGES_SHOWN && (
    <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
      {t('common:import.shownOf', { shown: CHANGES_SHOWN, total: rows.length })}
    </Typography>
  );
  const record = (c: ImportChange) => (
    <>
      <bdi>{c.label}</bdi>
      {c.key && c.key !== c.label && (
        <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }} dir="auto">
          {c.key}
        </Typography>
      )}
    </>
  );

  if (phone)
    return (
      <>
        <Stack
          component="ul"
          spacing={1}
          aria-label={t('common:import.changes')}
          data-testid="import-changes"
          sx={{ listStyle: 'none', p: 0, m: 0 }}
        >
          {shown.map((c) => (
            <Box
              component="li"
              key={`${c.row}-${c.key}`}
              data-action={c.action}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, overflowWrap: 'break-word' }}
            >
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start', mb: 1 }}>
                <Box sx={{ minWidth: 0, fontWeight: 600 }}>{record(c)}</Box>
                <Chip size="small" variant="outlined" color={ACTION_COLOR[c.action]} label={t(`common:import.actions.${c.action}`)} />
              </Stack>
              <Typography variant="caption" component="div" sx={{ color: 'text.secondary', mb: 0.5 }}>
                {t('common:import.cols.row')} {c.row}
              </Typography>
              <Typography variant="body2" component="div">
                <FieldLines change={c} fieldLabel={fieldLabel} valueText={valueText} />
              </Typography>
            </Box>
          ))}
        </Stack>
        {more}
      </>
    );

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
          {shown.map((c) => (
            <TableRow key={`${c.row}-${c.key}`} data-action={c.action}>
              <TableCell>{c.row}</TableCell>
              <TableCell sx={{ overflowWrap: 'break-word' }}>{record(c)}</TableCell>
              <TableCell>{t(`common:import.actions.${c.action}`)}</TableCell>
              <TableCell sx={{ overflowWrap: 'break-word' }}>
                <FieldLines change={c} fieldLabel={fieldLabel} valueText={valueText} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {more}
    </Box>
  );
}

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
import { useFormatters } from '../../i18n/format';
import type { ImportPreview } from './salary-import-api';

/** Counts, the month's totals before and after, and each person's change, field by field. */
export function ImportPreviewView({ preview }: { preview: ImportPreview }) {
  const { t } = useTranslation(['salaries']);
  const fmt = useFormatters();
  const currencies = [...new Set([...Object.keys(preview.totals.before), ...Object.keys(preview.totals.after)])].sort();
  const changed = preview.changes.filter((c) => c.action !== 'unchanged');
  const value = (field: string, v: string | null, currency: string) =>
    v === null ? '—' : field === 'currency' ? v : fmt.money(v, currency);
  return (
    <Box data-testid="import-preview-view">
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
        {(['create', 'update', 'unchanged'] as const).map((k) => (
          <Chip
            key={k}
            color={k === 'create' ? 'success' : k === 'update' ? 'info' : 'default'}
            label={t(`salaries:import.counts.${k}`, { count: preview.counts[k] })}
            data-testid={`import-count-${k}`}
          />
        ))}
      </Stack>
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
                  {fmt.money(preview.totals.before[c] ?? '0', c)}
                </TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {fmt.money(preview.totals.after[c] ?? '0', c)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {changed.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('salaries:import.changes')} data-testid="import-changes">
            <TableHead>
              <TableRow>
                <TableCell>{t('salaries:fields.userId')}</TableCell>
                <TableCell>{t('salaries:import.action')}</TableCell>
                <TableCell>{t('salaries:import.fieldsChanged')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {changed.slice(0, 500).map((c) => (
                <TableRow key={c.userId}>
                  <TableCell dir="auto">
                    {c.name}
                    <Typography variant="caption" component="div" color="text.secondary" dir="ltr">
                      {c.email}
                    </Typography>
                  </TableCell>
                  <TableCell>{t(`salaries:import.actions.${c.action}`)}</TableCell>
                  <TableCell>
                    {c.fields
                      .filter((f) => c.action === 'update' || f.new !== '0')
                      .map((f) => (
                        <div key={f.field}>
                          {t(`salaries:fields.${f.field}`)}: {c.action === 'update' && <bdi>{value(f.field, f.old, c.currency)} → </bdi>}
                          <bdi>{value(f.field, f.new, c.currency)}</bdi>
                        </div>
                      ))}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}

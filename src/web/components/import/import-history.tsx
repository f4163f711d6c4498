import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { QueryState, type QueryLike } from '../query-state';
import { errorText } from '../../i18n/error-text';
import { useFormatters } from '../../i18n/format';
import { toast } from '../../toast';
import type { ImportRecord } from './import-types';
import { IMPORT_NAMESPACES } from './use-import';

/** A column a module adds to its past imports (the salaries' month). */
export interface HistoryColumn<R extends ImportRecord = ImportRecord> {
  label: string;
  value: (record: R) => string;
}

/** The imports kept: when, who, the file as uploaded (downloadable, its hash in its title) and what it did. */
export function ImportHistory<R extends ImportRecord>({
  history,
  download,
  columns = [],
}: {
  history: QueryLike<R>;
  download: (record: R) => Promise<void>;
  columns?: HistoryColumn<R>[];
}) {
  const { t } = useTranslation(IMPORT_NAMESPACES);
  const fmt = useFormatters();
  return (
    <Card sx={{ p: { xs: 2, sm: 3 }, mt: 3 }} component="section" aria-labelledby="import-history-title">
      <Typography variant="h6" component="h2" sx={{ mb: 2 }} id="import-history-title">
        {t('common:import.history')}
      </Typography>
      <QueryState query={history} empty={t('common:import.historyEmpty')}>
        {(records) => (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" data-testid="import-history" aria-labelledby="import-history-title">
              <TableHead>
                <TableRow>
                  <TableCell>{t('common:import.cols.when')}</TableCell>
                  <TableCell>{t('common:import.cols.who')}</TableCell>
                  {columns.map((c) => (
                    <TableCell key={c.label}>{c.label}</TableCell>
                  ))}
                  <TableCell>{t('common:import.cols.file')}</TableCell>
                  <TableCell>{t('common:import.cols.counts')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {records.map((h) => (
                  <TableRow key={h.id}>
                    <TableCell>{fmt.dateTime(h.createdAt)}</TableCell>
                    <TableCell dir="auto">{h.createdByName ?? '—'}</TableCell>
                    {columns.map((c) => (
                      <TableCell key={c.label}>{c.value(h)}</TableCell>
                    ))}
                    <TableCell>
                      <Button
                        size="small"
                        sx={{ textTransform: 'none', overflowWrap: 'anywhere', textAlign: 'start' }}
                        title={`SHA-256 ${h.sha256}`}
                        onClick={() => void download(h).catch((e: unknown) => toast.error(errorText(t, e)))}
                      >
                        <bdi>{h.fileName}</bdi>
                      </Button>
                    </TableCell>
                    <TableCell>{t('common:import.countsLine', h.counts)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </QueryState>
    </Card>
  );
}

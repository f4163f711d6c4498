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
import type { ImportRecord } from '../../../domain/modules/salaries/salaries.schema';
import { downloadFile } from '../../components/download';
import { errorText } from '../../i18n/error-text';
import { useFormatters } from '../../i18n/format';
import { toast } from '../../toast';
import { importBase } from './salary-import-api';

/** The imports kept: who, when, the file (downloadable) and what it did. */
export function ImportHistory({ history }: { history: ImportRecord[] }) {
  const { t } = useTranslation(['salaries', 'errors']);
  const fmt = useFormatters();
  if (!history.length) return null;
  return (
    <Card sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('salaries:import.history')}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" data-testid="import-history">
          <TableHead>
            <TableRow>
              <TableCell>{t('salaries:import.cols.when')}</TableCell>
              <TableCell>{t('salaries:import.cols.who')}</TableCell>
              <TableCell>{t('salaries:import.month')}</TableCell>
              <TableCell>{t('salaries:import.cols.file')}</TableCell>
              <TableCell>{t('salaries:import.cols.counts')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {history.map((h) => (
              <TableRow key={h.id}>
                <TableCell>{fmt.dateTime(h.createdAt)}</TableCell>
                <TableCell dir="auto">{h.createdByName ?? '—'}</TableCell>
                <TableCell>{h.month}</TableCell>
                <TableCell>
                  <Button
                    size="small"
                    sx={{ textTransform: 'none', overflowWrap: 'anywhere' }}
                    title={`SHA-256 ${h.sha256}`}
                    onClick={() =>
                      void downloadFile(`${importBase}/imports/${h.id}/file`, { fallbackName: h.fileName }).catch((e: unknown) =>
                        toast.error(errorText(t, e)),
                      )
                    }
                  >
                    {h.fileName}
                  </Button>
                </TableCell>
                <TableCell>{t('salaries:import.countsLine', h.counts)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Card>
  );
}

import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { ALL_DEVS_NS as NS, kb } from './all-devs-ui';
import type { Exporting } from './use-all-devs-export';

type Props = {
  exporting: Exporting;
  onExport: () => void;
  /** Something to export: people under the filters shown. */
  canExport: boolean;
};

/** The page's title and the export of everyone's month, with its progress. */
export function AllDevsHeader({ exporting, onExport, canExport }: Props) {
  const { t } = useTranslation();
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ mb: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
    >
      <Box>
        <Typography variant="h4" component="h1">
          {t(`${NS}:title`)}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t(`${NS}:subtitle`)}
        </Typography>
      </Box>
      <Box sx={{ minWidth: 160 }}>
        <Button
          variant="contained"
          startIcon={<FileDownloadOutlined />}
          onClick={onExport}
          loading={exporting?.who === 'all'}
          loadingPosition="start"
          disabled={!!exporting || !canExport}
          data-testid="all-devs-export"
        >
          {t(`${NS}:export`)}
        </Button>
        {exporting?.who === 'all' && (
          <Box role="status" sx={{ mt: 0.5 }}>
            <LinearProgress />
            <Typography variant="caption">{t(`${NS}:exporting`, { size: kb(exporting.bytes) })}</Typography>
          </Box>
        )}
      </Box>
    </Stack>
  );
}

import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import { ALL_DEVS_NS as NS, MISSING_BG } from './all-devs-ui';

/** What the table's marks mean: a missing day, leave, a day off. */
export function AllDevsLegend() {
  const { t } = useTranslation();
  return (
    <Stack direction="row" component="ul" sx={{ flexWrap: 'wrap', gap: 2, mt: 1, p: 0, listStyle: 'none' }} aria-label={t(`${NS}:legend`)}>
      <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <Box sx={{ width: 16, height: 16, background: MISSING_BG, display: 'inline-flex' }}>
          <ReportProblemOutlined sx={{ fontSize: 14, color: 'warning.main' }} aria-hidden />
        </Box>
        <Typography variant="caption">{t(`${NS}:legendMissing`)}</Typography>
      </Box>
      <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <Box component="b" sx={{ fontSize: 12 }}>
          {t(`${NS}:leaveShort`)}
        </Box>
        <Typography variant="caption">{t(`${NS}:legendLeave`)}</Typography>
      </Box>
      <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <Box sx={{ width: 16, height: 16, bgcolor: 'action.selected' }} />
        <Typography variant="caption">{t(`${NS}:legendOff`)}</Typography>
      </Box>
    </Stack>
  );
}

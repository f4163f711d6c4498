import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import { ResourceList } from '../../components/resource/resource-list';

/** The kit's list, under the way to the firm's closed months (read by all, closed and reopened by admin). */
export function CostListPage() {
  const { t } = useTranslation(['month-close']);
  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 1 }}>
        <Button
          component={RouterLink}
          to="/external-costs/month-close"
          variant="outlined"
          startIcon={<EventBusyOutlinedIcon />}
          data-testid="month-close-link"
        >
          {t('month-close:title')}
        </Button>
      </Stack>
      <ResourceList resource="external-costs" />
    </Box>
  );
}

import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAuthContext } from '../../providers/auth-context';

/** Welcome card with the signed-in user's name and role (real data only). */
export function DashboardPage() {
  const { t } = useTranslation('users');
  const { user, role } = useAuthContext();
  const name = user?.fullName || user?.email || '';
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {t('dashboard.title')}
      </Typography>
      <Card sx={{ p: { xs: 3, md: 5 } }} data-testid="welcome-card">
        <Stack direction="row" spacing={3} sx={{ alignItems: 'center' }}>
          <Avatar
            sx={{
              width: 64,
              height: 64,
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              fontSize: 28,
            }}
          >
            {name.charAt(0).toUpperCase()}
          </Avatar>
          <Box>
            <Typography variant="h5" component="p" data-testid="welcome-name">
              {t('dashboard.welcome', { name })}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
              <Typography sx={{ color: 'text.secondary' }}>{t('dashboard.yourRole')}</Typography>
              <Chip
                size="small"
                color="primary"
                label={role ? t(`roles.${role.toLowerCase()}`, { defaultValue: role }) : t('dashboard.noRole')}
                data-testid="welcome-role"
                data-role={role}
              />
            </Stack>
          </Box>
        </Stack>
      </Card>
    </Box>
  );
}

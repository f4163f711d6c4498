import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DemoBanner } from '../../components/demo-banner';
import { LanguageSwitcher } from '../../layout/language-switcher';

export const AUTH_CONTENT_WIDTH = 420;

/** Centered auth screens, content 420 px wide. */
export function AuthLayout() {
  const { t } = useTranslation('auth');
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
      }}
    >
      <DemoBanner />
      <Stack
        direction="row"
        component="header"
        sx={{
          px: { xs: 2, md: 5 },
          py: 2,
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <Typography variant="h6" component="div" sx={{ fontWeight: 800, color: 'primary.main' }}>
          {t('brand')}
        </Typography>
        <LanguageSwitcher />
      </Stack>
      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        sx={{
          flexGrow: 1,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          px: 2,
          py: 5,
        }}
      >
        <Card data-testid="auth-content" sx={{ width: 1, maxWidth: AUTH_CONTENT_WIDTH, p: { xs: 3, sm: 4 } }}>
          <Outlet />
        </Card>
      </Box>
    </Box>
  );
}

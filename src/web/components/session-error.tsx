import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAuthContext } from '../providers/auth-context';
import { ErrorState } from './error-state';

/** The session could not be checked: say why and offer a retry (the guard shows this). */
export function SessionErrorView() {
  const { t } = useTranslation('errors');
  const { error, checkUserSession } = useAuthContext();
  return (
    <Box
      component="main"
      id="main-content"
      tabIndex={-1}
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2, bgcolor: 'background.default' }}
    >
      <Card sx={{ width: 1, maxWidth: 480, p: 2 }} data-testid="session-error">
        <Typography variant="h5" component="h1" sx={{ px: 2, pt: 2 }}>
          {t('auth:brand')}
        </Typography>
        <Typography sx={{ px: 2, pt: 1, color: 'text.secondary' }}>{t('session.unreachable')}</Typography>
        <ErrorState error={error} onRetry={checkUserSession} />
      </Card>
    </Box>
  );
}

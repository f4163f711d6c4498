import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';

/** Full-screen loading while the auth state loads; a lighter one for lazy pages. */
export function LoadingScreen({ portal = true }: { portal?: boolean }) {
  const { t } = useTranslation('errors');
  return (
    <Box
      role="progressbar"
      aria-label={t('loading')}
      data-testid="loading-screen"
      sx={{
        px: 5,
        width: 1,
        flexGrow: 1,
        minHeight: portal ? '100vh' : 320,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        ...(portal && {
          position: 'fixed',
          inset: 0,
          zIndex: 9998,
          bgcolor: 'background.default',
        }),
      }}
    >
      <LinearProgress aria-hidden color="primary" sx={{ width: 1, maxWidth: 360 }} />
    </Box>
  );
}

import { isRouteErrorResponse } from 'react-router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The route error view: route errors, thrown errors, or 'Unknown Error'. */
export function RouteErrorView({ error }: { error: unknown }) {
  const { t } = useTranslation('errors');
  let content;
  if (isRouteErrorResponse(error)) {
    content = (
      <>
        <Typography variant="h4" component="h1">
          {error.status}: {error.statusText}
        </Typography>
        <Box component="pre" sx={preSx}>
          {typeof error.data === 'string' ? error.data : JSON.stringify(error.data, null, 2)}
        </Box>
      </>
    );
  } else if (error instanceof Error) {
    content = (
      <>
        <Typography variant="h4" component="h1">
          {t('routeError.unexpected')}
        </Typography>
        <Typography sx={{ mt: 1, fontWeight: 600 }}>
          {error.name}: {error.message}
        </Typography>
        <Box component="pre" sx={preSx}>
          {error.stack}
        </Box>
      </>
    );
  } else {
    content = (
      <Typography variant="h4" component="h1">
        {t('routeError.unknown')}
      </Typography>
    );
  }
  return (
    <Box component="main" role="alert" sx={{ p: { xs: 3, md: 6 }, maxWidth: 960, mx: 'auto' }}>
      {content}
    </Box>
  );
}

const preSx = {
  mt: 2,
  p: 2,
  borderRadius: 1,
  bgcolor: 'action.hover',
  overflow: 'auto',
  fontSize: 13,
  whiteSpace: 'pre-wrap',
} as const;

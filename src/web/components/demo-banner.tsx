import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import { useTranslation } from 'react-i18next';

let asked: Promise<boolean> | undefined;

/**
 * Whether the server runs as a public demo (its health route says so: demo accounts with the
 * published password on a host other machines reach). Asked once per page load; no answer reads
 * as no demo.
 */
export function demoMode(): Promise<boolean> {
  asked ??= fetch('/api/health', { cache: 'no-store', headers: { Accept: 'application/json' } })
    .then((res) => (res.ok ? (res.json() as Promise<{ demo?: unknown }>) : {}))
    .then((body) => (body as { demo?: unknown }).demo === true)
    .catch(() => false);
  return asked;
}

/** Forgets the answer (tests). */
export function resetDemoMode() {
  asked = undefined;
}

/**
 * A full-width strip at the top of the signed-out and signed-in layouts while the server is a public
 * demo: anyone can sign in, so nothing real belongs there. The warning fill and its contrast text
 * are the theme's (they read at the contrast target in every mode and contrast); the text wraps on
 * narrow screens.
 */
export function DemoBanner() {
  const { t } = useTranslation('common');
  const [demo, setDemo] = useState(false);
  useEffect(() => {
    let alive = true;
    void demoMode().then((d) => alive && setDemo(d));
    return () => {
      alive = false;
    };
  }, []);
  if (!demo) return null;
  return (
    <Box
      component="aside"
      aria-label={t('demoBanner.title')}
      data-testid="demo-banner"
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 1,
        px: { xs: 2, md: 3 },
        py: 1,
        bgcolor: 'warning.main',
        color: 'warning.contrastText',
        overflowWrap: 'anywhere',
      }}
    >
      <WarningAmberRounded fontSize="small" aria-hidden sx={{ mt: '2px', flexShrink: 0 }} />
      <Typography variant="body2" sx={{ color: 'inherit', minWidth: 0 }}>
        <Box component="strong" sx={{ fontWeight: 700 }}>
          {t('demoBanner.title')}
        </Box>
        {' · '}
        {t('demoBanner.text')}
      </Typography>
    </Box>
  );
}

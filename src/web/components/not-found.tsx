import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../layout/language-switcher';

/**
 * The not-found page. Outside the signed-in layout it brings its own frame (the brand,
 * leading home, and the language switch) so the visitor is never stranded.
 */
export function NotFoundView({ framed = true }: { framed?: boolean }) {
  const { t } = useTranslation('errors');
  const body = (
    <Container maxWidth="sm" sx={{ py: framed ? 10 : 6, textAlign: 'center' }} data-testid="not-found">
      <Typography variant="h3" component="h1" sx={{ mb: 2 }}>
        {t('notFound.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 5 }}>{t('notFound.description')}</Typography>
      <Button component={RouterLink} to="/" size="large" variant="contained">
        {t('notFound.home')}
      </Button>
    </Container>
  );
  if (!framed) return body;
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Stack direction="row" component="header" sx={{ px: { xs: 2, md: 5 }, py: 2, alignItems: 'center', justifyContent: 'space-between' }}>
        <Link component={RouterLink} to="/" variant="h6" underline="none" sx={{ fontWeight: 800, color: 'primary.main' }}>
          {t('auth:brand')}
        </Link>
        <LanguageSwitcher />
      </Stack>
      <Box component="main" id="main-content" tabIndex={-1} sx={{ flexGrow: 1 }}>
        {body}
      </Box>
    </Box>
  );
}

import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';

export function NotFoundView() {
  const { t } = useTranslation('errors');
  return (
    <Container component="main" maxWidth="sm" sx={{ py: 12, textAlign: 'center' }} data-testid="not-found">
      <Typography variant="h3" component="h1" sx={{ mb: 2 }}>
        {t('notFound.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 5 }}>{t('notFound.description')}</Typography>
      <Button component={RouterLink} to="/" size="large" variant="contained">
        {t('notFound.home')}
      </Button>
    </Container>
  );
}

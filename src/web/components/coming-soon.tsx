import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Placeholder for modules not built yet: says so plainly, shows no invented data. */
export function ComingSoonView({ titleKeys }: { titleKeys: string[] }) {
  const { t } = useTranslation('errors');
  const title = titleKeys.map((k) => t(k)).join(' · ');
  return (
    <Box data-testid="coming-soon">
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {title}
      </Typography>
      <Card sx={{ p: 5, textAlign: 'center' }}>
        <Typography variant="h6" component="p">
          {t('comingSoon.title')}
        </Typography>
        <Typography sx={{ mt: 1, mb: 3, color: 'text.secondary' }}>{t('comingSoon.description')}</Typography>
        <Button component={RouterLink} to="/" variant="contained">
          {t('notFound.home')}
        </Button>
      </Card>
    </Box>
  );
}

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { errorText } from '../i18n/error-text';

// Minimal version; the shell helper's richer one replaces it at merge (same name and props).

/** A failed load: what went wrong and a retry button — never stale rows or an empty list. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      data-testid="error-state"
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('common:resource.retry')}
          </Button>
        )
      }
    >
      {errorText(t, error)}
    </Alert>
  );
}

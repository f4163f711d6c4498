import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import LockOutlined from '@mui/icons-material/LockOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import { useTranslation } from 'react-i18next';
import { errorKind, errorText, type ErrorKind } from '../i18n/error-text';

const ICONS: Partial<Record<ErrorKind, typeof ErrorOutline>> = {
  offline: CloudOffOutlined,
  unreachable: CloudOffOutlined,
  timeout: CloudOffOutlined,
  not_found: SearchOffOutlined,
  forbidden: LockOutlined,
};

/**
 * A translated notice for a failed request that tells offline / server unreachable / slow
 * apart from a server error, a 404 and a 403, with a Retry button. `compact` is an inline
 * alert (a form, a sign-in card); otherwise a centred block that takes a list's place.
 * It is a live region: a screen reader announces it when it appears.
 */
export function ErrorState({ error, onRetry, compact = false }: { error: unknown; onRetry?: () => unknown; compact?: boolean }) {
  const { t } = useTranslation('errors');
  const [retrying, setRetrying] = useState(false);
  const kind = errorKind(error);
  const title = t(`errors:state.${kind}`);
  const text = errorText(t, error);
  const retry = onRetry
    ? async () => {
        setRetrying(true);
        try {
          await onRetry();
        } finally {
          setRetrying(false);
        }
      }
    : undefined;
  const button = retry && (
    <Button
      onClick={() => void retry()}
      loading={retrying}
      variant={compact ? 'outlined' : 'contained'}
      color={compact ? 'inherit' : 'primary'}
      size={compact ? 'small' : 'medium'}
      data-testid="error-state-retry"
      sx={{ minHeight: 44, flexShrink: 0 }}
    >
      {t('errors:state.retry')}
    </Button>
  );

  if (compact) {
    return (
      <Alert
        severity={kind === 'not_found' || kind === 'forbidden' ? 'warning' : 'error'}
        role="alert"
        data-testid="error-state"
        data-kind={kind}
        action={button}
        sx={{ alignItems: 'center', '& .MuiAlert-action': { pt: 0 } }}
      >
        <AlertTitle sx={{ mb: 0 }}>{title}</AlertTitle>
        {text}
      </Alert>
    );
  }

  const Icon = ICONS[kind] ?? ErrorOutline;
  return (
    <Box role="alert" data-testid="error-state" data-kind={kind} sx={{ py: 6, px: 2, textAlign: 'center' }}>
      <Icon sx={{ fontSize: 48, color: 'text.secondary', mb: 1 }} aria-hidden />
      <Typography variant="h6" component="p">
        {title}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 0.5, mb: button ? 3 : 0 }}>{text}</Typography>
      {button}
    </Box>
  );
}

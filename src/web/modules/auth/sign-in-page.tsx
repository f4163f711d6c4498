import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
// zod/mini: the sign-in page is the first one a visitor downloads.
import * as z from 'zod/mini';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { RHFTextField } from '../../components/form/rhf-text-field';
import { applyServerErrors } from '../../components/form/server-errors';
import { useServerReachability } from '../../components/server-reachability';
import { errorKind } from '../../i18n/error-text';
import { isolateLatinRuns } from '../../i18n/bidi';
import { AuthForm } from './auth-form';
import { PasswordField } from './password-field';

// The notice loads only when the server cannot be reached: the sign-in page stays light.
const ErrorState = lazy(() => import('../../components/error-state').then((m) => ({ default: m.ErrorState })));

export function SignInPage() {
  const { t, i18n } = useTranslation('auth');
  const theme = useTheme();
  const [searchParams] = useSearchParams();
  const [error, setError] = useState('');
  // The page says when the server cannot be reached (on arrival and after a failed submit).
  const server = useServerReachability();
  const schema = z.object({
    email: z
      .string()
      .check(z.trim(), z.minLength(1, t('validation.emailRequired')), z.regex(z.regexes.email, t('validation.emailInvalid'))),
    password: z.string().check(z.minLength(1, t('validation.passwordRequired'))),
  });
  type Values = z.infer<typeof schema>;
  const methods = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { email: searchParams.get('email') ?? '', password: '' },
  });

  const onSubmit = async (values: Values) => {
    setError('');
    server.report(null);
    try {
      // The session context receives the login event; the guest guard then leaves.
      // The API client loads with the first submit, not with the page.
      const { authApi } = await import('../../providers/auth-api');
      await authApi.login(values);
    } catch (e) {
      const kind = errorKind(e);
      if (kind === 'offline' || kind === 'unreachable' || kind === 'timeout') server.report(e);
      else {
        // Field issues are translated from the validation namespace, loaded when first needed.
        await i18n.loadNamespaces('validation').catch(() => undefined);
        setError(applyServerErrors(e, methods.setError, ['email', 'password']));
      }
    }
  };

  const returnTo = searchParams.get('returnTo');
  const keep = returnTo ? `?${new URLSearchParams({ returnTo })}` : '';
  return (
    <AuthForm
      methods={methods}
      onSubmit={onSubmit}
      title={t('signIn.title')}
      description={
        <>
          {t('signIn.noAccount')}{' '}
          <Link component={RouterLink} to={`/auth/sign-up${keep}`} variant="subtitle2">
            {t('signIn.getStarted')}
          </Link>
        </>
      }
      error={error}
      notice={
        server.error ? (
          <Suspense fallback={null}>
            <ErrorState error={server.error} onRetry={server.retry} compact />
          </Suspense>
        ) : undefined
      }
      submitLabel={t('signIn.submit')}
      footer={
        // After the submit button: the keyboard goes e-mail → password → sign in.
        <Stack spacing={1.5}>
          <Link
            component={RouterLink}
            to="/auth/reset-password"
            variant="body2"
            color="inherit"
            sx={{ alignSelf: 'center', py: 1.25 }}
            data-testid="forgot-password"
          >
            {t('signIn.forgotPassword')}
          </Link>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {isolateLatinRuns(t('signIn.demoHint'), theme.direction)}
          </Typography>
        </Stack>
      }
    >
      <RHFTextField name="email" label={t('fields.email')} type="email" autoComplete="email" autoFocus />
      <PasswordField name="password" label={t('fields.password')} autoComplete="current-password" />
    </AuthForm>
  );
}

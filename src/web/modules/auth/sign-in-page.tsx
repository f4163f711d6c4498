import { useState } from 'react';
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
import { isolateLatinRuns } from '../../i18n/bidi';
import { AuthForm } from './auth-form';
import { PasswordField } from './password-field';

export function SignInPage() {
  const { t } = useTranslation('auth');
  const theme = useTheme();
  const [searchParams] = useSearchParams();
  const [error, setError] = useState('');
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
    try {
      // The session context receives the login event; the guest guard then leaves.
      // The API client loads with the first submit, not with the page.
      const { authApi } = await import('../../providers/auth-api');
      await authApi.login(values);
    } catch (e) {
      setError(applyServerErrors(e, methods.setError, ['email', 'password']));
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
      submitLabel={t('signIn.submit')}
    >
      <RHFTextField name="email" label={t('fields.email')} type="email" autoComplete="email" autoFocus />
      <Stack spacing={1}>
        <Link component={RouterLink} to="/auth/reset-password" variant="body2" color="inherit" sx={{ alignSelf: 'flex-end' }}>
          {t('signIn.forgotPassword')}
        </Link>
        <PasswordField name="password" label={t('fields.password')} autoComplete="current-password" />
      </Stack>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {isolateLatinRuns(t('signIn.demoHint'), theme.direction)}
      </Typography>
    </AuthForm>
  );
}

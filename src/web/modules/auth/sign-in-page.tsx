import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../components/form/server-errors';
import { usePasswordToggle } from '../../components/form/password-toggle';
import { useServerReachability } from '../../components/server-reachability';
import { errorKind } from '../../i18n/error-text';
import { isolateLatinRuns } from '../../i18n/bidi';
import { AuthFormFrame } from './auth-form-frame';

// The e-mail pattern the server's schema checks (zod's), kept here: the sign-in page, the first
// one a visitor downloads, carries no form or schema library.
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

type Field = 'email' | 'password';

// The notice loads only when the server cannot be reached: the sign-in page stays light.
const ErrorState = lazy(() => import('../../components/error-state').then((m) => ({ default: m.ErrorState })));

export function SignInPage() {
  const { t, i18n } = useTranslation('auth');
  const theme = useTheme();
  const [searchParams] = useSearchParams();
  const [error, setError] = useState('');
  // The page says when the server cannot be reached (on arrival and after a failed submit).
  const server = useServerReachability();
  const [values, setValues] = useState({ email: searchParams.get('email') ?? '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const inputs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };
  const toggle = usePasswordToggle();

  const check = (v: typeof values): Partial<Record<Field, string>> => {
    const email = v.email.trim();
    const out: Partial<Record<Field, string>> = {};
    if (!email) out.email = t('validation.emailRequired');
    else if (!EMAIL.test(email)) out.email = t('validation.emailInvalid');
    if (!v.password) out.password = t('validation.passwordRequired');
    return out;
  };
  /** The errors shown, and the first wrong field focused (as a form library would). */
  const show = (errors: Partial<Record<Field, string>>) => {
    setFieldErrors(errors);
    const first = (['email', 'password'] as const).find((f) => errors[f]);
    if (first) inputs[first].current?.focus();
  };
  const change = (field: Field) => (e: { target: { value: string } }) => {
    const next = { ...values, [field]: e.target.value };
    setValues(next);
    // Once a field shows an error, it is checked again as it is typed in.
    if (fieldErrors[field]) setFieldErrors((old) => ({ ...old, [field]: check(next)[field] }));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    const errors = check(values);
    if (Object.keys(errors).length) return show(errors);
    setFieldErrors({});
    setError('');
    server.report(null);
    setSubmitting(true);
    try {
      // The session context receives the login event; the guest guard then leaves.
      // The API client loads with the first submit, not with the page.
      const { authApi } = await import('../../providers/auth-api');
      await authApi.login({ email: values.email.trim(), password: values.password });
    } catch (err) {
      const kind = errorKind(err);
      if (kind === 'offline' || kind === 'unreachable' || kind === 'timeout') server.report(err);
      else {
        // Field issues are translated from the validation namespace, loaded when first needed.
        await i18n.loadNamespaces('validation').catch(() => undefined);
        const placed: Partial<Record<Field, string>> = {};
        setError(applyServerErrors(err, (field, { message }) => (placed[field as Field] = message ?? ''), ['email', 'password']));
        show(placed);
      }
    } finally {
      setSubmitting(false);
    }
  };

  const returnTo = searchParams.get('returnTo');
  const keep = returnTo ? `?${new URLSearchParams({ returnTo })}` : '';
  return (
    <AuthFormFrame
      onSubmit={(e) => void onSubmit(e)}
      submitting={submitting}
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
      <TextField
        name="email"
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        autoFocus
        fullWidth
        value={values.email}
        onChange={change('email')}
        inputRef={inputs.email}
        error={!!fieldErrors.email}
        helperText={fieldErrors.email}
        slotProps={{ htmlInput: { 'aria-invalid': !!fieldErrors.email } }}
      />
      <TextField
        name="password"
        label={t('fields.password')}
        type={toggle.type}
        autoComplete="current-password"
        fullWidth
        value={values.password}
        onChange={change('password')}
        inputRef={inputs.password}
        error={!!fieldErrors.password}
        helperText={fieldErrors.password}
        slotProps={{ htmlInput: { 'aria-invalid': !!fieldErrors.password }, input: { endAdornment: toggle.endAdornment } }}
      />
    </AuthFormFrame>
  );
}

import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { RHFTextField } from '../../components/form/rhf-text-field';
import { applyServerErrors } from '../../components/form/server-errors';
import { authApi } from '../../providers/auth-api';
import { AuthForm } from './auth-form';
import { PasswordField } from './password-field';
import { passwordSchema } from '../../components/form/password-schema';

export function SignUpPage() {
  const { t } = useTranslation(['auth', 'validation']); // validation: the server's field issues
  const navigate = useNavigate();
  const [error, setError] = useState('');
  const schema = z.object({
    fullName: z.string().trim().min(2, t('validation.fullNameRequired')).max(120, t('validation.tooLong')),
    email: z.string().trim().min(1, t('validation.emailRequired')).email(t('validation.emailInvalid')),
    password: passwordSchema(t),
  });
  type Values = z.infer<typeof schema>;
  const methods = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { fullName: '', email: '', password: '' },
  });

  const onSubmit = async (values: Values) => {
    setError('');
    try {
      const { email } = await authApi.register(values);
      navigate(`/auth/verify?${new URLSearchParams({ email: email ?? values.email })}`);
    } catch (e) {
      setError(applyServerErrors(e, methods.setError, ['fullName', 'email', 'password']));
    }
  };

  return (
    <AuthForm
      methods={methods}
      onSubmit={onSubmit}
      title={t('signUp.title')}
      description={
        <>
          {t('signUp.haveAccount')}{' '}
          <Link component={RouterLink} to="/auth/sign-in" variant="subtitle2">
            {t('signUp.signIn')}
          </Link>
        </>
      }
      error={error}
      submitLabel={t('signUp.submit')}
    >
      <RHFTextField name="fullName" label={t('fields.fullName')} autoComplete="name" autoFocus />
      <RHFTextField name="email" label={t('fields.email')} type="email" autoComplete="email" />
      <PasswordField name="password" label={t('fields.password')} autoComplete="new-password" hint />
    </AuthForm>
  );
}

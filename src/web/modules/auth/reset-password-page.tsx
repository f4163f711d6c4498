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

export function ResetPasswordPage() {
  const { t } = useTranslation(['auth', 'validation']); // validation: the server's field issues
  const navigate = useNavigate();
  const [error, setError] = useState('');
  const schema = z.object({
    email: z.string().trim().min(1, t('validation.emailRequired')).email(t('validation.emailInvalid')),
  });
  type Values = z.infer<typeof schema>;
  const methods = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { email: '' },
  });

  const onSubmit = async (values: Values) => {
    setError('');
    try {
      await authApi.resetPassword(values);
      navigate(`/auth/update-password?${new URLSearchParams({ email: values.email })}`);
    } catch (e) {
      setError(applyServerErrors(e, methods.setError, ['email']));
    }
  };

  return (
    <AuthForm
      methods={methods}
      onSubmit={onSubmit}
      title={t('resetPassword.title')}
      description={t('resetPassword.description')}
      error={error}
      submitLabel={t('resetPassword.submit')}
      footer={
        <Link component={RouterLink} to="/auth/sign-in" variant="body2" sx={{ alignSelf: 'center' }}>
          {t('common.backToSignIn')}
        </Link>
      }
    >
      <RHFTextField name="email" label={t('fields.email')} type="email" autoComplete="email" autoFocus />
    </AuthForm>
  );
}

import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { RHFTextField } from '../../components/form/rhf-text-field';
import { applyServerErrors } from '../../components/form/server-errors';
import { authApi } from '../../providers/auth-api';
import { toast } from '../../toast';
import { AuthForm } from './auth-form';
import { PasswordField } from './password-field';
import { passwordSchema } from '../../components/form/password-schema';

export function UpdatePasswordPage() {
  const { t } = useTranslation(['auth', 'validation']); // validation: the server's field issues
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [error, setError] = useState('');
  const schema = z
    .object({
      email: z.string().trim().min(1, t('validation.emailRequired')).email(t('validation.emailInvalid')),
      code: z
        .string()
        .trim()
        .regex(/^\d{6}$/, t('validation.code')),
      password: passwordSchema(t),
      confirmPassword: z.string().min(1, t('validation.passwordRequired')),
    })
    .refine((v) => v.password === v.confirmPassword, {
      path: ['confirmPassword'],
      message: t('validation.passwordsMatch'),
    });
  type Values = z.infer<typeof schema>;
  const methods = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      email: searchParams.get('email') ?? '',
      code: '',
      password: '',
      confirmPassword: '',
    },
  });

  const onSubmit = async ({ email, code, password }: Values) => {
    setError('');
    try {
      await authApi.updatePassword({ email, code, password });
      toast.success(t('updatePassword.success'));
      navigate(`/auth/sign-in?${new URLSearchParams({ email })}`);
    } catch (e) {
      setError(applyServerErrors(e, methods.setError, ['email', 'code', 'password']));
    }
  };

  return (
    <AuthForm
      methods={methods}
      onSubmit={onSubmit}
      title={t('updatePassword.title')}
      description={t('updatePassword.description')}
      error={error}
      submitLabel={t('updatePassword.submit')}
      footer={
        <Link component={RouterLink} to="/auth/sign-in" variant="body2" sx={{ alignSelf: 'center' }}>
          {t('common.backToSignIn')}
        </Link>
      }
    >
      <RHFTextField name="email" label={t('fields.email')} type="email" autoComplete="email" />
      <RHFTextField
        name="code"
        label={t('fields.code')}
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
      />
      <PasswordField name="password" label={t('fields.newPassword')} autoComplete="new-password" hint />
      <PasswordField name="confirmPassword" label={t('fields.confirmPassword')} autoComplete="new-password" />
    </AuthForm>
  );
}

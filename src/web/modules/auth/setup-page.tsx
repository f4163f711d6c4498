import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { RHFTextField } from '../../components/form/rhf-text-field';
import { applyServerErrors } from '../../components/form/server-errors';
import { authApi } from '../../providers/auth-api';
import { AuthForm } from './auth-form';
import { PasswordField } from './password-field';
import { passwordSchema } from '../../components/form/password-schema';

/**
 * The first administrator, once: open while the firm has no admin, with the setup code the server
 * prints in its log at start (docs/operations.md). Once an admin exists it leads to sign-in.
 */
export function SetupPage() {
  const { t } = useTranslation(['auth', 'validation']); // validation: the server's field issues
  const [open, setOpen] = useState<boolean | undefined>();
  const [error, setError] = useState('');
  useEffect(() => {
    let live = true;
    authApi.setupOpen().then(
      (o) => live && setOpen(o),
      // Unknown (the server cannot be reached): the form stays, and its submit says why.
      () => live && setOpen(true),
    );
    return () => {
      live = false;
    };
  }, []);
  const schema = z.object({
    code: z.string().trim().min(1, t('setup.codeRequired')).max(64, t('validation.tooLong')),
    fullName: z.string().trim().min(2, t('validation.fullNameRequired')).max(120, t('validation.tooLong')),
    email: z.string().trim().min(1, t('validation.emailRequired')).email(t('validation.emailInvalid')),
    password: passwordSchema(t),
  });
  type Values = z.infer<typeof schema>;
  const methods = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { code: '', fullName: '', email: '', password: '' },
  });

  const onSubmit = async (values: Values) => {
    setError('');
    try {
      await authApi.setup(values);
    } catch (e) {
      setError(applyServerErrors(e, methods.setError, ['code', 'fullName', 'email', 'password']));
    }
  };

  if (open === false) return <Navigate to="/auth/sign-in" replace />;
  return (
    <AuthForm
      methods={methods}
      onSubmit={onSubmit}
      title={t('setup.title')}
      description={t('setup.description')}
      error={error}
      submitLabel={t('setup.submit')}
    >
      <RHFTextField name="code" label={t('setup.code')} autoComplete="off" autoFocus slotProps={{ htmlInput: { spellCheck: false } }} />
      <RHFTextField name="fullName" label={t('fields.fullName')} autoComplete="name" />
      <RHFTextField name="email" label={t('fields.email')} type="email" autoComplete="email" />
      <PasswordField name="password" label={t('fields.password')} autoComplete="new-password" hint />
    </AuthForm>
  );
}

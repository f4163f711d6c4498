import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { RHFTextField } from '../../components/form/rhf-text-field';
import { applyServerErrors } from '../../components/form/server-errors';
import { authApi } from '../../providers/auth-api';
import { toHttpError } from '../../providers/http';
import { toast } from '../../toast';
import { AuthForm } from './auth-form';

export function VerifyPage() {
  const { t } = useTranslation(['auth', 'validation']); // validation: the server's field issues
  const [searchParams] = useSearchParams();
  const [error, setError] = useState('');
  const [resending, setResending] = useState(false);
  const schema = z.object({
    email: z.string().trim().min(1, t('validation.emailRequired')).email(t('validation.emailInvalid')),
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, t('validation.code')),
  });
  type Values = z.infer<typeof schema>;
  const methods = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { email: searchParams.get('email') ?? '', code: '' },
  });

  const onSubmit = async (values: Values) => {
    setError('');
    try {
      await authApi.verify(values);
    } catch (e) {
      setError(applyServerErrors(e, methods.setError, ['email', 'code']));
    }
  };

  const onResend = async () => {
    const valid = await methods.trigger('email');
    if (!valid) return;
    setResending(true);
    try {
      await authApi.resendCode({ email: methods.getValues('email') });
      toast.success(t('verify.resent'));
    } catch (e) {
      toast.error(toHttpError(e).message);
    } finally {
      setResending(false);
    }
  };

  return (
    <AuthForm
      methods={methods}
      onSubmit={onSubmit}
      title={t('verify.title')}
      description={t('verify.description')}
      error={error}
      submitLabel={t('verify.submit')}
      footer={
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Button
            variant="text"
            // Text flush with the card's edge, like the link opposite.
            sx={{ mx: -1 }}
            onClick={onResend}
            loading={resending}
            disabled={resending}
          >
            {t('verify.resend')}
          </Button>
          <Link component={RouterLink} to="/auth/sign-in" variant="body2">
            {t('common.backToSignIn')}
          </Link>
        </Stack>
      }
    >
      <RHFTextField name="email" label={t('fields.email')} type="email" autoComplete="email" />
      <RHFTextField
        name="code"
        label={t('fields.code')}
        autoComplete="one-time-code"
        autoFocus
        slotProps={{
          htmlInput: { inputMode: 'numeric', maxLength: 6, pattern: '[0-9]*' },
        }}
      />
    </AuthForm>
  );
}

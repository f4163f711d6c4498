import { useEffect, useMemo, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { profileUpdateSchema } from '../../../domain/modules/users/users.schema';
import { passwordSchema } from '../../components/form/password-schema';
import { domainResolver } from '../../components/resource/domain-resolver';
import { RHFTextField } from '../../components/form/rhf-text-field';
import { PasswordField } from '../../components/form/password-field';
import { applyServerErrors } from '../../components/form/server-errors';
import { useAuthContext } from '../../providers/auth-context';
import type { CurrentUser } from '../../providers/auth-api';
import { API_URL, http, toHttpError } from '../../providers/http';
import { toast } from '../../toast';

/** Own profile (GET/PATCH /user/me: fullName, phone, title) and password change. */
export function PersonalInfoPage() {
  const { t } = useTranslation('users');
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {t('personalInfo.title')}
      </Typography>
      <Stack spacing={3} sx={{ maxWidth: 720 }}>
        <ProfileCard />
        <PasswordCard />
      </Stack>
    </Box>
  );
}

function ProfileCard() {
  const { t } = useTranslation('users');
  const { setUser, user: sessionUser } = useAuthContext();
  const [me, setMe] = useState<CurrentUser | null>(null);
  const [error, setError] = useState('');
  // The domain's own profile schema (the server validates the same one), issues translated.
  const resolver = useMemo(() => domainResolver(profileUpdateSchema, t), [t]);
  type Values = {
    fullName: string;
    phone: string | null;
    title: string | null;
  };
  const methods = useForm<Values>({
    resolver: resolver as never,
    defaultValues: { fullName: '', phone: '', title: '' },
  });

  useEffect(() => {
    let alive = true;
    http
      .get<CurrentUser>(`${API_URL}/user/me`)
      .then(({ data }) => {
        if (!alive) return;
        setMe(data);
        methods.reset({
          fullName: data.fullName ?? '',
          phone: data.phone ?? '',
          title: data.title ?? '',
        });
      })
      .catch((e) => alive && setError(toHttpError(e).message));
    return () => {
      alive = false;
    };
  }, [methods]);

  const onSubmit = async (values: Values) => {
    setError('');
    try {
      const { data } = await http.patch<CurrentUser>(`${API_URL}/user/me`, values);
      setMe(data);
      if (sessionUser) setUser({ ...sessionUser, ...data });
      toast.success(t('personalInfo.saved'));
    } catch (e) {
      setError(applyServerErrors(e, methods.setError, ['fullName', 'phone', 'title']));
    }
  };

  return (
    <Card sx={{ p: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 3 }}>
        {t('personalInfo.profile')}
      </Typography>
      <FormProvider {...methods}>
        <Stack
          component="form"
          noValidate
          spacing={2.5}
          onSubmit={methods.handleSubmit(onSubmit)}
          data-testid="profile-form"
          data-loaded={me ? 'true' : 'false'}
          aria-busy={!me}
        >
          {error && <Alert severity="error">{error}</Alert>}
          <TextField label={t('fields.email')} value={me?.email ?? sessionUser?.email ?? ''} disabled fullWidth />
          <TextField label={t('fields.role')} value={me?.role ? t(`roles.${me.role}`, { defaultValue: me.role }) : ''} disabled fullWidth />
          <RHFTextField name="fullName" label={t('fields.fullName')} required disabled={!me} />
          <RHFTextField name="phone" label={t('fields.phone')} type="tel" disabled={!me} />
          <RHFTextField name="title" label={t('fields.title')} disabled={!me} />
          <Button
            type="submit"
            variant="contained"
            sx={{ alignSelf: 'flex-end' }}
            loading={methods.formState.isSubmitting}
            disabled={!me || methods.formState.isSubmitting}
          >
            {t('actions.save')}
          </Button>
        </Stack>
      </FormProvider>
    </Card>
  );
}

function PasswordCard() {
  const { t } = useTranslation('users');
  const [error, setError] = useState('');
  const schema = z
    .object({
      currentPassword: z.string().min(1, t('validation.required')),
      newPassword: passwordSchema(t),
      confirmPassword: z.string().min(1, t('validation.required')),
    })
    .refine((v) => v.newPassword === v.confirmPassword, {
      path: ['confirmPassword'],
      message: t('validation.passwordsMatch'),
    });
  type Values = z.infer<typeof schema>;
  const methods = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      currentPassword: '',
      newPassword: '',
      confirmPassword: '',
    },
  });

  const onSubmit = async ({ currentPassword, newPassword }: Values) => {
    setError('');
    try {
      await http.patch(`${API_URL}/user/me/password`, {
        currentPassword,
        newPassword,
      });
      methods.reset();
      toast.success(t('personalInfo.passwordChanged'));
    } catch (e) {
      setError(applyServerErrors(e, methods.setError, ['currentPassword', 'newPassword']));
    }
  };

  return (
    <Card sx={{ p: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 3 }}>
        {t('personalInfo.changePassword')}
      </Typography>
      <FormProvider {...methods}>
        <Stack component="form" noValidate spacing={2.5} onSubmit={methods.handleSubmit(onSubmit)} data-testid="password-form">
          {error && <Alert severity="error">{error}</Alert>}
          <PasswordField name="currentPassword" label={t('fields.currentPassword')} autoComplete="current-password" />
          <PasswordField name="newPassword" label={t('fields.newPassword')} autoComplete="new-password" hint />
          <PasswordField name="confirmPassword" label={t('fields.confirmPassword')} autoComplete="new-password" />
          <Button
            type="submit"
            variant="contained"
            sx={{ alignSelf: 'flex-end' }}
            loading={methods.formState.isSubmitting}
            disabled={methods.formState.isSubmitting}
          >
            {t('personalInfo.updatePassword')}
          </Button>
        </Stack>
      </FormProvider>
    </Card>
  );
}

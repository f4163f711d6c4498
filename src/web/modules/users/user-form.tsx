import { useMemo } from 'react';
import { Controller, FormProvider } from 'react-hook-form';
import { useForm } from '@refinedev/react-hook-form';
import { useList, type HttpError } from '@refinedev/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { RHFDatePicker } from '../../components/form/rhf-date-picker';
import { RHFTextField } from '../../components/form/rhf-text-field';
import { DATE_MAX, DATE_MIN } from '../../../domain/constants';
import { USER_LEVELS, USER_ROLES, USER_STATUSES, type User } from './user-options';

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

function buildSchema(t: (k: string, o?: Record<string, unknown>) => string, isCreate: boolean) {
  return z.object({
    fullName: z.string().trim().min(2, t('validation.required')).max(120, t('validation.tooLong')),
    email: z.string().trim().min(1, t('validation.required')).email(t('validation.email')),
    role: z.enum(USER_ROLES, { message: t('validation.required') }),
    status: z.enum(USER_STATUSES, { message: t('validation.required') }),
    phone: z.preprocess(blankToNull, z.string().trim().max(40, t('validation.tooLong')).nullable()),
    title: z.preprocess(blankToNull, z.string().trim().max(120, t('validation.tooLong')).nullable()),
    level: z.preprocess(blankToNull, z.enum(USER_LEVELS).nullable()),
    managerId: z.preprocess(blankToNull, z.string().nullable()),
    joinDate: z.preprocess(
      blankToNull,
      z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, t('validation.date'))
        .refine((d) => d >= DATE_MIN && d <= DATE_MAX, t('validation.date'))
        .nullable(),
    ),
    password: isCreate
      ? z
          .string()
          .min(8, t('validation.passwordMin', { min: 8 }))
          .max(128, t('validation.tooLong'))
      : z.string().optional(),
  });
}

type FormValues = {
  fullName: string;
  email: string;
  role: string;
  status: string;
  phone: string | null;
  title: string | null;
  level: string | null;
  managerId: string | null;
  joinDate: string | null;
  password?: string;
};

const FIELDS = ['fullName', 'email', 'role', 'status', 'phone', 'title', 'level', 'managerId', 'joinDate', 'password'] as const;

/** One form for create and edit; server field errors land on their fields. */
export function UserForm({ action, id }: { action: 'create' | 'edit'; id?: string }) {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const isCreate = action === 'create';
  const schema = useMemo(() => buildSchema(t, isCreate), [t, isCreate]);

  const methods = useForm<User, HttpError, FormValues>({
    resolver: zodResolver(schema) as never,
    defaultValues: {
      fullName: '',
      email: '',
      role: 'developer',
      status: 'active',
      phone: '',
      title: '',
      level: '',
      managerId: '',
      joinDate: '',
      password: '',
    } as never,
    refineCoreProps: {
      resource: 'users',
      action,
      id,
      redirect: 'list',
      successNotification: () => ({
        type: 'success',
        message: t(isCreate ? 'notifications.created' : 'notifications.updated'),
      }),
      errorNotification: (error) => ({
        type: 'error',
        message: error?.message ?? t('notifications.error'),
      }),
    },
  });
  const {
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
    refineCore: { onFinish, formLoading, query },
  } = methods;

  const { result: managers } = useList<User>({
    resource: 'users',
    pagination: { currentPage: 1, pageSize: 100 },
    sorters: [{ field: 'fullName', order: 'asc' }],
    queryOptions: { staleTime: 60_000 },
  });
  const managerOptions = (managers?.data ?? []).filter((m) => m.id !== id);

  const submit = handleSubmit(async (values) => {
    const body: Record<string, unknown> = {};
    for (const f of FIELDS) if (f !== 'password') body[f] = values[f] ?? null;
    if (isCreate) body.password = values.password;
    await onFinish(body as FormValues).catch(() => undefined);
  });

  const loadError = query?.error as HttpError | undefined;
  const generalError = (errors as Record<string, { message?: string }>).root?.message;
  const tOpt = (group: string, v: string) => t(`${group}.${v}`);

  return (
    <FormProvider {...methods}>
      <Card component="form" noValidate onSubmit={submit} sx={{ p: 3 }} aria-busy={formLoading} data-testid="user-form">
        {loadError && (
          <Alert severity="error" sx={{ mb: 3 }}>
            {loadError.message}
          </Alert>
        )}
        {generalError && (
          <Alert severity="error" sx={{ mb: 3 }}>
            {generalError}
          </Alert>
        )}
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          }}
        >
          <RHFTextField name="fullName" label={t('fields.fullName')} required />
          <RHFTextField name="email" label={t('fields.email')} type="email" required autoComplete="off" />
          <RHFTextField name="role" label={t('fields.role')} select required>
            {USER_ROLES.map((r) => (
              <MenuItem key={r} value={r}>
                {tOpt('roles', r)}
              </MenuItem>
            ))}
          </RHFTextField>
          <RHFTextField name="status" label={t('fields.status')} select required>
            {USER_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {tOpt('statuses', s)}
              </MenuItem>
            ))}
          </RHFTextField>
          <RHFTextField name="phone" label={t('fields.phone')} type="tel" />
          <RHFTextField name="title" label={t('fields.title')} />
          <RHFTextField name="level" label={t('fields.level')} select>
            <MenuItem value="">
              <em>{t('none')}</em>
            </MenuItem>
            {USER_LEVELS.map((l) => (
              <MenuItem key={l} value={l}>
                {tOpt('levels', l)}
              </MenuItem>
            ))}
          </RHFTextField>
          <Controller
            name="managerId"
            control={control}
            render={({ field, fieldState: { error } }) => (
              <Autocomplete
                options={managerOptions}
                value={managerOptions.find((m) => m.id === field.value) ?? null}
                onChange={(_, option) => field.onChange(option?.id ?? '')}
                getOptionLabel={(o) => `${o.fullName} (${o.email})`}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                renderInput={(params) => (
                  <TextField {...params} inputRef={field.ref} label={t('fields.managerId')} error={!!error} helperText={error?.message} />
                )}
              />
            )}
          />
          <RHFDatePicker name="joinDate" label={t('fields.joinDate')} />
          {isCreate && <RHFTextField name="password" label={t('fields.password')} type="password" required autoComplete="new-password" />}
        </Box>
        <Stack direction="row" spacing={2} sx={{ mt: 3, justifyContent: 'flex-end' }}>
          <Button variant="outlined" color="inherit" onClick={() => navigate('/users')}>
            {t('actions.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            loading={isSubmitting || formLoading}
            disabled={isSubmitting || formLoading}
            data-testid="user-form-submit"
          >
            {isCreate ? t('actions.create') : t('actions.save')}
          </Button>
        </Stack>
      </Card>
    </FormProvider>
  );
}

export function UserFormPage({ action, id }: { action: 'create' | 'edit'; id?: string }) {
  const { t } = useTranslation('users');
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {action === 'create' ? t('create.title') : t('edit.title')}
      </Typography>
      <UserForm action={action} id={id} />
    </Box>
  );
}

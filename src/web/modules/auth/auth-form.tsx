import type { ReactNode } from 'react';
import { FormProvider, type FieldValues, type UseFormReturn } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** Title, description, error banner, fields and a submit button with loading state. */
export function AuthForm<T extends FieldValues>({
  methods,
  onSubmit,
  title,
  description,
  error,
  notice,
  success,
  submitLabel,
  children,
  footer,
}: {
  methods: UseFormReturn<T>;
  onSubmit: (values: T) => Promise<void>;
  title: string;
  description?: ReactNode;
  error?: string;
  /** A notice above the fields (the server cannot be reached, with a retry). */
  notice?: ReactNode;
  success?: string;
  submitLabel: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const submitting = methods.formState.isSubmitting;
  return (
    <FormProvider {...methods}>
      <Stack component="form" noValidate onSubmit={methods.handleSubmit(onSubmit)} spacing={2.5}>
        <Stack spacing={1}>
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
          {description && <Typography sx={{ color: 'text.secondary', fontSize: 14 }}>{description}</Typography>}
        </Stack>
        {notice}
        {error && (
          <Alert severity="error" data-testid="form-error">
            {error}
          </Alert>
        )}
        {success && <Alert severity="success">{success}</Alert>}
        {children}
        <Button type="submit" size="large" variant="contained" fullWidth loading={submitting} disabled={submitting} sx={{ minHeight: 48 }}>
          {submitLabel}
        </Button>
        {footer}
      </Stack>
    </FormProvider>
  );
}

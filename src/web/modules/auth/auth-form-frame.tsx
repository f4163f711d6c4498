import type { FormEvent, ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export type AuthFormFrameProps = {
  onSubmit: (e: FormEvent) => void;
  submitting: boolean;
  title: string;
  description?: ReactNode;
  error?: string;
  /** A notice above the fields (the server cannot be reached, with a retry). */
  notice?: ReactNode;
  success?: string;
  submitLabel: string;
  children: ReactNode;
  footer?: ReactNode;
};

/**
 * Title, description, error banner, fields and a submit button with loading state. No form
 * library: the sign-in page, the first a visitor downloads, keeps its own two fields.
 */
export function AuthFormFrame({
  onSubmit,
  submitting,
  title,
  description,
  error,
  notice,
  success,
  submitLabel,
  children,
  footer,
}: AuthFormFrameProps) {
  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5}>
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
  );
}

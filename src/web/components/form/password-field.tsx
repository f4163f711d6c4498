import { useTranslation } from 'react-i18next';
import { RHFTextField } from './rhf-text-field';
import { usePasswordToggle } from './password-toggle';

/**
 * A password input with a show/hide toggle; `hint` shows the password rules under a new
 * password (the server's policy: 8–128 characters, common passwords refused).
 */
export function PasswordField({
  name,
  label,
  autoComplete,
  hint = false,
}: {
  name: string;
  label: string;
  autoComplete: string;
  hint?: boolean;
}) {
  const { t } = useTranslation('common');
  const toggle = usePasswordToggle();
  return (
    <RHFTextField
      name={name}
      label={label}
      type={toggle.type}
      autoComplete={autoComplete}
      helperText={hint ? t('passwordHint') : undefined}
      slotProps={{ input: { endAdornment: toggle.endAdornment } }}
    />
  );
}

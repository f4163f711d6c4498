import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useTranslation } from 'react-i18next';
import { RHFTextField } from './rhf-text-field';

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
  const [show, setShow] = useState(false);
  return (
    <RHFTextField
      name={name}
      label={label}
      type={show ? 'text' : 'password'}
      autoComplete={autoComplete}
      helperText={hint ? t('passwordHint') : undefined}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton onClick={() => setShow((s) => !s)} edge="end" aria-label={show ? t('hidePassword') : t('showPassword')}>
                {show ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

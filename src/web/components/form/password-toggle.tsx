import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useTranslation } from 'react-i18next';

/** A password input's show/hide toggle: the input's type and its end adornment. */
export function usePasswordToggle() {
  const { t } = useTranslation('common');
  const [show, setShow] = useState(false);
  return {
    type: show ? 'text' : 'password',
    endAdornment: (
      <InputAdornment position="end">
        <IconButton onClick={() => setShow((s) => !s)} edge="end" aria-label={show ? t('hidePassword') : t('showPassword')}>
          {show ? <VisibilityOff /> : <Visibility />}
        </IconButton>
      </InputAdornment>
    ),
  };
}

import { useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TranslateIcon from '@mui/icons-material/Translate';
import { useTranslation } from 'react-i18next';
import { useLocales } from '../i18n';

/** Language switch (en, fr, vi, cn, ar); W2's i18n does the change and its toasts. */
export function LanguageSwitcher() {
  const { t } = useTranslation('auth');
  const { allLangs, currentLang, onChangeLang } = useLocales();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        color="inherit"
        size="small"
        startIcon={<TranslateIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        // The accessible name holds the visible code ("EN") and says what the button does.
        aria-label={`${currentLang?.value.toUpperCase()} · ${t('header.language')}`}
        aria-haspopup="menu"
        data-testid="language-switcher"
        sx={{ minWidth: 0, minHeight: 44, textTransform: 'uppercase' }}
      >
        {currentLang?.value}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {allLangs.map((lang) => (
          <MenuItem
            key={lang.value}
            selected={lang.value === currentLang?.value}
            data-lang={lang.value}
            lang={lang.htmlLang}
            dir={lang.direction}
            sx={{ minHeight: 44 }}
            onClick={() => {
              setAnchor(null);
              void onChangeLang(lang.value);
            }}
          >
            {lang.nativeLabel}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

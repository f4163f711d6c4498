import { lazy, Suspense, useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Box from '@mui/material/Box';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import { useAuthContext } from '../../providers/auth-context';
import { isSearchShortcut, shortcutLabel } from './search-api';

// The dialog loads when first opened: the header stays light.
const SearchDialog = lazy(() => import('./search-dialog').then((m) => ({ default: m.SearchDialog })));

/** The header's search: a button (a field-like one on wide screens) and Ctrl+K / ⌘K anywhere. */
export function SearchButton({ wide }: { wide: boolean }) {
  const { t } = useTranslation('navbar');
  const { role } = useAuthContext();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const shortcut = shortcutLabel();

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isSearchShortcut(e)) return;
      // The browser's own Ctrl+K (its search bar) would take the focus away.
      e.preventDefault();
      setLoaded(true);
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const show = () => {
    setLoaded(true);
    setOpen(true);
  };
  const label = `${t('search.open')} (${shortcut})`;
  return (
    <>
      {wide ? (
        <Button
          color="inherit"
          onClick={show}
          aria-label={label}
          aria-haspopup="dialog"
          data-testid="search-open"
          startIcon={<SearchIcon />}
          sx={{
            minHeight: 44,
            px: 1.5,
            border: 1,
            borderColor: 'divider',
            borderRadius: 2,
            color: 'text.secondary',
            textTransform: 'none',
          }}
        >
          {t('search.open')}
          <Box
            component="kbd"
            sx={{
              ml: 2,
              px: 0.75,
              borderRadius: 1,
              bgcolor: 'action.selected',
              fontFamily: 'inherit',
              fontSize: 12,
              color: 'text.primary',
            }}
          >
            {shortcut}
          </Box>
        </Button>
      ) : (
        <Tooltip title={label}>
          <IconButton onClick={show} aria-label={label} aria-haspopup="dialog" data-testid="search-open" sx={{ width: 44, height: 44 }}>
            <SearchIcon />
          </IconButton>
        </Tooltip>
      )}
      {loaded && (
        <Suspense fallback={null}>
          <SearchDialog open={open} role={role} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

import { lazy, Suspense, useEffect, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../settings';

export { SETTINGS_DRAWER_WIDTH } from './constants';

const SettingsDrawerContent = lazy(() => import('./drawer-content'));

/** Header icon button that opens the settings drawer. */
export function SettingsButton() {
  const { t } = useTranslation('settings');
  const { onToggle, open } = useSettings();
  return (
    <Tooltip title={t('title')}>
      <IconButton
        onClick={onToggle}
        aria-label={t('title')}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="settings-button"
        // The gear turns once when pointed at or focused, never on its own: a motion that runs
        // forever beside the page distracts (WCAG 2.2.2) and repaints the header every frame.
        sx={{
          '& svg': { transition: 'transform 0.6s ease-in-out' },
          '&:hover svg, &.Mui-focusVisible svg': { transform: 'rotate(90deg)' },
          '@media (prefers-reduced-motion: reduce)': { '& svg': { transition: 'none' } },
        }}
      >
        <SettingsOutlined />
      </IconButton>
    </Tooltip>
  );
}

/**
 * The settings drawer (section 2). Open state comes from the settings context unless
 * given as props; its content loads the first time it opens.
 */
export function SettingsDrawer(props: { open?: boolean; onClose?: () => void } = {}) {
  const settings = useSettings();
  const open = props.open ?? settings.open;
  const [wanted, setWanted] = useState(open);
  useEffect(() => {
    if (open) setWanted(true);
  }, [open]);
  if (!wanted && !open) return null;
  return (
    <Suspense fallback={null}>
      <SettingsDrawerContent open={open} onClose={props.onClose ?? settings.onClose} />
    </Suspense>
  );
}

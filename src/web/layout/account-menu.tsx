import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { toast } from '../toast';
import { authApi } from '../providers/auth-api';
import { useAuthContext } from '../providers/auth-context';
import { SIGN_IN_PATH } from '../providers/http';

export function AccountMenu() {
  const { t } = useTranslation('auth');
  const { user, role, checkUserSession } = useAuthContext();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);

  const onLogout = async () => {
    try {
      await authApi.logout();
      close();
      await checkUserSession();
      navigate(SIGN_IN_PATH, { replace: true });
    } catch (error) {
      console.error(error);
      toast.error(t('account.logoutError'));
    }
  };

  const initial = (user?.fullName || user?.email || '?').charAt(0).toUpperCase();
  return (
    <>
      <IconButton
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={t('account.open')}
        aria-haspopup="menu"
        data-testid="account-button"
        sx={{ p: 0.25 }}
      >
        <Avatar sx={{ width: 36, height: 36, bgcolor: 'primary.main', color: 'primary.contrastText', fontSize: 16 }}>{initial}</Avatar>
      </IconButton>
      {/* The user's name and e-mail head the panel; the menu (role menu) holds only its items. */}
      <Popover
        anchorEl={anchor}
        open={!!anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 220 }, 'data-testid': 'account-panel' } as object }}
      >
        <Box sx={{ px: 2, py: 1.5, maxWidth: 260 }}>
          <Typography variant="subtitle2" noWrap>
            {user?.fullName}
          </Typography>
          <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }}>
            {user?.email}
          </Typography>
        </Box>
        <Divider />
        <MenuList autoFocusItem aria-label={t('account.open')} data-testid="account-menu" sx={{ '& .MuiMenuItem-root': { minHeight: 44 } }}>
          <MenuItem component={RouterLink} to="/personal-info" onClick={close}>
            {t('navbar:personalInfo')}
          </MenuItem>
          <MenuItem component={RouterLink} to="/" onClick={close}>
            {t('navbar:home')}
          </MenuItem>
          {role === 'admin' && (
            <MenuItem component={RouterLink} to="/users/access" onClick={close} data-testid="account-access">
              {t('navbar:access')}
            </MenuItem>
          )}
          {role === 'admin' && (
            <MenuItem component={RouterLink} to="/firm-settings" onClick={close} data-testid="account-firm-settings">
              {t('navbar:firmSettings')}
            </MenuItem>
          )}
          <Divider />
          <MenuItem onClick={onLogout} sx={{ color: 'error.main', fontWeight: 600 }} data-testid="logout">
            {t('navbar:logout')}
          </MenuItem>
        </MenuList>
      </Popover>
    </>
  );
}

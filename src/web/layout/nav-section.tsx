import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useTranslation } from 'react-i18next';
import { isActiveItem, isActivePath, type NavGroup, type NavItem } from './nav-config';

type Variant = 'vertical' | 'mini';

/** The nav groups as a list: full (vertical, mobile) or icon-only (mini). */
export function NavSection({
  groups,
  variant = 'vertical',
  onNavigate,
}: {
  groups: NavGroup[];
  variant?: Variant;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('auth');
  return (
    <Box component="nav" aria-label={t('nav.label')} data-testid="nav" sx={{ px: variant === 'mini' ? 0.5 : 2 }}>
      {groups.map((group) => (
        <List
          key={group.id}
          dense
          data-nav-group={group.id}
          subheader={
            variant === 'vertical' ? (
              <ListSubheader
                disableSticky
                sx={{
                  bgcolor: 'transparent',
                  fontSize: 11,
                  fontWeight: 700,
                  textTransform: 'uppercase',
                  color: 'text.secondary',
                  lineHeight: '36px',
                }}
              >
                {t(group.subheaderKey)}
              </ListSubheader>
            ) : undefined
          }
        >
          {group.items.map((item) => (
            <Box component="li" key={item.id} sx={{ listStyle: 'none' }}>
              {variant === 'mini' ? <MiniItem item={item} onNavigate={onNavigate} /> : <VerticalItem item={item} onNavigate={onNavigate} />}
            </Box>
          ))}
        </List>
      ))}
    </Box>
  );
}

const itemSx = { borderRadius: 1, mb: 0.5, minHeight: 44 } as const;

function VerticalItem({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
  const { t } = useTranslation('auth');
  const { pathname } = useLocation();
  const active = isActiveItem(item, pathname);
  const [open, setOpen] = useState(active);

  if (!item.children) {
    return (
      <ListItemButton
        component={RouterLink}
        to={item.path}
        selected={active}
        onClick={onNavigate}
        data-nav-item={item.id}
        aria-current={active ? 'page' : undefined}
        sx={itemSx}
      >
        <ListItemIcon sx={{ minWidth: 36 }}>{item.icon}</ListItemIcon>
        <ListItemText primary={t(item.titleKey)} />
      </ListItemButton>
    );
  }

  const listId = `nav-children-${item.id}`;
  return (
    <>
      <ListItemButton
        onClick={() => setOpen((o) => !o)}
        selected={active && !open}
        aria-expanded={open}
        aria-controls={listId}
        data-nav-item={item.id}
        sx={itemSx}
      >
        <ListItemIcon sx={{ minWidth: 36 }}>{item.icon}</ListItemIcon>
        <ListItemText primary={t(item.titleKey)} />
        {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
      </ListItemButton>
      <Collapse in={open} unmountOnExit={false} id={listId}>
        <List dense disablePadding>
          {item.children.map((c) => {
            const childActive = isActivePath(c.path, pathname, false);
            return (
              <Box component="li" key={c.id} sx={{ listStyle: 'none' }}>
                <ListItemButton
                  component={RouterLink}
                  to={c.path}
                  selected={childActive}
                  onClick={onNavigate}
                  data-nav-item={c.id}
                  aria-current={childActive ? 'page' : undefined}
                  sx={{ ...itemSx, pl: 6.5, minHeight: { xs: 44, lg: 36 } }}
                >
                  <ListItemText primary={t(c.titleKey)} />
                </ListItemButton>
              </Box>
            );
          })}
        </List>
      </Collapse>
    </>
  );
}

function MiniItem({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
  const { t } = useTranslation('auth');
  const { pathname } = useLocation();
  const active = isActiveItem(item, pathname);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = t(item.titleKey);

  const content = (
    <>
      <Box sx={{ display: 'flex' }}>{item.icon}</Box>
      <Typography variant="caption" noWrap sx={{ mt: 0.5, fontSize: 10, maxWidth: 76, lineHeight: 1.2 }}>
        {label}
      </Typography>
    </>
  );
  const sx = {
    ...itemSx,
    flexDirection: 'column',
    py: 1,
    px: 0.5,
    textAlign: 'center',
  } as const;

  if (!item.children) {
    return (
      <Tooltip title={label} placement="right">
        <ListItemButton
          component={RouterLink}
          to={item.path}
          selected={active}
          onClick={onNavigate}
          data-nav-item={item.id}
          aria-label={label}
          aria-current={active ? 'page' : undefined}
          sx={sx}
        >
          {content}
        </ListItemButton>
      </Tooltip>
    );
  }
  return (
    <>
      <ListItemButton
        selected={active}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={!!anchor}
        aria-label={label}
        data-nav-item={item.id}
        sx={sx}
      >
        {content}
      </ListItemButton>
      <NavChildrenMenu item={item} anchor={anchor} onClose={() => setAnchor(null)} onNavigate={onNavigate} placement="right" />
    </>
  );
}

export function NavChildrenMenu({
  item,
  anchor,
  onClose,
  onNavigate,
  placement,
}: {
  item: NavItem;
  anchor: HTMLElement | null;
  onClose: () => void;
  onNavigate?: () => void;
  placement: 'right' | 'bottom';
}) {
  const { t } = useTranslation('auth');
  const { pathname } = useLocation();
  // Popover origins are physical sides: mirrored here in right-to-left, so that the menu
  // opens beside the mini navigation (not over it) and starts under its item's start.
  const rtl = useTheme().direction === 'rtl';
  const start = rtl ? 'right' : 'left';
  const end = rtl ? 'left' : 'right';
  return (
    <Menu
      anchorEl={anchor}
      open={!!anchor}
      onClose={onClose}
      anchorOrigin={placement === 'right' ? { vertical: 'top', horizontal: end } : { vertical: 'bottom', horizontal: start }}
      transformOrigin={{ vertical: 'top', horizontal: start }}
    >
      {item.children?.map((c) => (
        <MenuItem
          key={c.id}
          component={RouterLink}
          to={c.path}
          selected={isActivePath(c.path, pathname, false)}
          data-nav-item={c.id}
          onClick={() => {
            onClose();
            onNavigate?.();
          }}
        >
          {t(c.titleKey)}
        </MenuItem>
      ))}
    </Menu>
  );
}

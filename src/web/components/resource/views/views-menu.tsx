import { useId, useState, type ReactElement } from 'react';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import ErrorIcon from '@mui/icons-material/ErrorOutline';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import GroupIcon from '@mui/icons-material/GroupOutlined';
import SaveIcon from '@mui/icons-material/SaveOutlined';
import ShareIcon from '@mui/icons-material/ShareOutlined';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import SyncIcon from '@mui/icons-material/Sync';
import ViewListIcon from '@mui/icons-material/ViewListOutlined';
import type { SavedView } from '../../../../domain/modules/saved-views/saved-views.schema';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export type ViewAction = 'saveAs' | 'update' | 'rename' | 'toggleDefault' | 'share' | 'delete' | 'copy';

export type ViewsMenuProps = {
  t: Translate;
  views: SavedView[] | undefined;
  status: 'pending' | 'error' | 'success';
  onRetry: () => void;
  /** The view last chosen or saved, or the one the list shows now. */
  selected?: SavedView;
  /** The list no longer shows what the selected view holds. */
  modified: boolean;
  canShare: boolean;
  roleLabel: (role: string) => string;
  onApply: (view: SavedView) => void;
  onAction: (action: ViewAction, view?: SavedView) => void;
};

/**
 * The list's "Views" menu: the reader's views, then those shared with their role (marked, with their
 * owner), and what can be done with the current state and the chosen view. A menu of MUI's: arrow
 * keys move, Enter chooses, Escape closes and gives the focus back to the button.
 */
export function ViewsMenu({ t, views, status, onRetry, selected, modified, canShare, roleLabel, onApply, onAction }: ViewsMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  const close = () => setAnchor(null);
  const act = (action: ViewAction, view?: SavedView) => () => {
    close();
    onAction(action, view);
  };
  const mine = (views ?? []).filter((v) => v.mine);
  const shared = (views ?? []).filter((v) => !v.mine);

  const item = (v: SavedView) => {
    const checked = v.id === selected?.id;
    const secondary = v.mine
      ? [
          v.isDefault ? t('common:views.default') : '',
          v.sharedWithRoles.length ? t('common:views.sharedWith', { roles: v.sharedWithRoles.map(roleLabel).join(', ') }) : '',
        ]
          .filter(Boolean)
          .join(' · ')
      : t('common:views.sharedBy', { name: v.owner.fullName });
    return (
      <MenuItem
        key={v.id}
        role="menuitemradio"
        aria-checked={checked}
        onClick={() => {
          close();
          onApply(v);
        }}
        // The grey of a secondary line falls under 4.5:1 on the focused item's grey.
        sx={{ '&.Mui-focusVisible .MuiListItemText-secondary': { color: 'text.primary' } }}
        data-testid={`view-${v.name}`}
      >
        <ListItemIcon>{checked ? <CheckIcon fontSize="small" /> : v.mine ? null : <GroupIcon fontSize="small" />}</ListItemIcon>
        <ListItemText
          primary={v.name}
          secondary={secondary || undefined}
          slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
        />
      </MenuItem>
    );
  };

  const entries: ReactElement[] = [];
  if (status === 'pending')
    entries.push(
      <MenuItem key="loading" disabled>
        <ListItemText primary={t('common:views.loading')} />
      </MenuItem>,
    );
  else if (status === 'error')
    entries.push(
      <MenuItem key="error" onClick={onRetry} data-testid="views-retry">
        <ListItemIcon>
          <ErrorIcon fontSize="small" color="error" />
        </ListItemIcon>
        <ListItemText primary={t('common:views.error')} secondary={t('common:buttons.refresh')} />
      </MenuItem>,
    );
  else if (!mine.length && !shared.length)
    entries.push(
      <MenuItem key="empty" disabled>
        <ListItemText primary={t('common:views.empty')} />
      </MenuItem>,
    );
  if (mine.length) {
    entries.push(
      <ListSubheader key="mine-head" role="presentation">
        {t('common:views.mine')}
      </ListSubheader>,
    );
    entries.push(...mine.map(item));
  }
  if (shared.length) {
    entries.push(
      <ListSubheader key="shared-head" role="presentation">
        {t('common:views.shared')}
      </ListSubheader>,
    );
    entries.push(...shared.map(item));
  }
  entries.push(<Divider key="divider" />);
  const action = (key: ViewAction, icon: ReactElement, label: string, view?: SavedView) => (
    <MenuItem key={key} onClick={act(key, view)} data-testid={`views-${key}`}>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText primary={label} slotProps={{ primary: { noWrap: true } }} />
    </MenuItem>
  );
  entries.push(action('saveAs', <SaveIcon fontSize="small" />, t('common:views.saveAs')));
  if (selected?.mine) {
    if (modified)
      entries.push(action('update', <SyncIcon fontSize="small" />, t('common:views.update', { name: selected.name }), selected));
    entries.push(action('rename', <EditIcon fontSize="small" />, t('common:views.rename'), selected));
    entries.push(
      action(
        'toggleDefault',
        selected.isDefault ? <StarIcon fontSize="small" /> : <StarBorderIcon fontSize="small" />,
        t(selected.isDefault ? 'common:views.unsetDefault' : 'common:views.setDefault'),
        selected,
      ),
    );
    if (canShare) entries.push(action('share', <ShareIcon fontSize="small" />, t('common:views.share'), selected));
    entries.push(action('delete', <DeleteIcon fontSize="small" />, t('common:views.delete'), selected));
  } else if (selected) entries.push(action('copy', <ContentCopyIcon fontSize="small" />, t('common:views.copy'), selected));

  const label = selected ? `${selected.name}${modified ? ` (${t('common:views.modified')})` : ''}` : t('common:views.button');
  return (
    <>
      <Button
        id={`${id}-button`}
        color="inherit"
        variant="outlined"
        startIcon={<ViewListIcon />}
        endIcon={<ExpandMoreIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? `${id}-menu` : undefined}
        aria-label={selected ? t('common:views.buttonNamed', { name: label }) : undefined}
        data-testid="views-button"
        sx={{ maxWidth: { xs: 220, sm: 320 }, '& .views-label': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } }}
      >
        <span className="views-label">{label}</span>
      </Button>
      <Menu
        id={`${id}-menu`}
        anchorEl={anchor}
        open={!!anchor}
        onClose={close}
        slotProps={{
          list: { 'aria-labelledby': `${id}-button`, dense: true },
          paper: { sx: { maxWidth: 'min(360px, calc(100vw - 32px))', maxHeight: '70vh' } },
        }}
        data-testid="views-menu"
      >
        {entries}
      </Menu>
    </>
  );
}

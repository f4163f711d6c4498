import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import type { Row } from './list-columns';
import { actionSegment } from './state-actions';
import type { ResourceMeta } from './use-resource';

/** The switch between the live rows and the archived ones (soft-deleting resources), with its hint. */
export function ArchivedToggle({
  meta,
  resource,
  on,
  onChange,
}: {
  meta: ResourceMeta;
  resource: string;
  on: boolean;
  onChange: (on: boolean) => void;
}) {
  const { t } = meta;
  return (
    <Stack direction="row" sx={{ px: 2, pb: 1, alignItems: 'center' }}>
      <FormControlLabel
        control={
          <Switch
            checked={on}
            onChange={(_, next) => onChange(next)}
            slotProps={{ input: { 'aria-describedby': `${resource}-archived-hint` } }}
          />
        }
        label={t('common:resource.archivedView')}
        data-testid="archived-toggle"
      />
      {on && (
        <Typography id={`${resource}-archived-hint`} variant="body2" sx={{ color: 'text.secondary' }}>
          {t('common:resource.archivedHint')}
        </Typography>
      )}
    </Stack>
  );
}

/**
 * What the list does to many rows at once: the selected rows' count, their delete (archive, for
 * soft-deleting resources) where they allow it, and each declared bulk action (approve) on them;
 * with nothing selected, each bulk action on every row of the filtered list (`wholeList`: how many).
 */
export function BulkActions({
  meta,
  selected,
  deletable,
  actions,
  wholeList,
  onDelete,
  onAction,
}: {
  meta: ResourceMeta;
  selected: Row[];
  /** The selected rows that may be deleted; no Delete button when none. */
  deletable: Row[];
  /** Declared bulk actions this role may take ('approve', 'markPaid'). */
  actions: string[];
  /** The filtered list's count, when its bulk actions are offered on all of it. */
  wholeList?: number;
  onDelete: (rows: Row[]) => void;
  onAction: (action: string, rows: Row[] | 'all') => void;
}) {
  const { t, decl } = meta;
  const label = (action: string) => t(`${decl.name}:actions.${action}`, { defaultValue: actionSegment(decl, action) });
  const some = selected.length > 0;
  if (!some && !(wholeList && actions.length)) return null;
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ px: 2, pb: 1.5, alignItems: 'center', flexWrap: 'wrap' }}
      role="group"
      aria-label={t('common:bulk.group')}
      data-testid="bulk-actions"
    >
      {some && <Typography variant="body2">{t('common:resource.selected', { count: selected.length })}</Typography>}
      {some &&
        actions.map((a) => (
          <Button
            key={a}
            size="small"
            variant="outlined"
            onClick={() => onAction(a, selected)}
            data-testid={`bulk-${actionSegment(decl, a)}-selected`}
          >
            {t('common:bulk.onSelected', { action: label(a), count: selected.length })}
          </Button>
        ))}
      {some && deletable.length > 0 && (
        <Button color="error" size="small" startIcon={<DeleteIcon />} onClick={() => onDelete(deletable)}>
          {t('common:resource.deleteSelected')}
        </Button>
      )}
      {!some &&
        !!wholeList &&
        actions.map((a) => (
          <Button
            key={a}
            size="small"
            variant="outlined"
            onClick={() => onAction(a, 'all')}
            data-testid={`bulk-${actionSegment(decl, a)}-all`}
          >
            {t('common:bulk.onAll', { action: label(a), count: wholeList })}
          </Button>
        ))}
    </Stack>
  );
}

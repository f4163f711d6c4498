import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import type { Row } from './list-columns';
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

/** The selected rows' count and their bulk delete (archive, for soft-deleting resources). */
export function BulkActions({ meta, selected, onDelete }: { meta: ResourceMeta; selected: Row[]; onDelete: (rows: Row[]) => void }) {
  const { t } = meta;
  return (
    <Stack direction="row" spacing={2} sx={{ px: 2, pb: 1.5, alignItems: 'center' }}>
      <Typography variant="body2">{t('common:resource.selected', { count: selected.length })}</Typography>
      <Button color="error" size="small" startIcon={<DeleteIcon />} onClick={() => onDelete(selected)}>
        {t('common:resource.deleteSelected')}
      </Button>
    </Stack>
  );
}

import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { SaveState } from './use-cell-saving';

export function SaveStatus({ state }: { state: SaveState }) {
  const { t } = useTranslation();
  // Announced politely: a screen reader hears that the hours were saved without losing its place.
  return (
    <Box aria-live="polite" role="status" data-testid="save-status" sx={{ minWidth: 80 }}>
      {state.kind === 'saving' && <Chip size="small" label={t('timesheets:page.saving')} />}
      {state.kind === 'saved' && <Chip size="small" color="success" variant="outlined" label={t('timesheets:page.saved')} />}
      {state.kind === 'failed' && <Chip size="small" color="error" variant="outlined" label={t('timesheets:page.notSaved')} />}
    </Box>
  );
}

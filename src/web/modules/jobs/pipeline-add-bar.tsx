import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { ReferencePicker, type PickerSource } from '../../components/resource/lookup';

/** A candidate picked (among those not yet in the pipeline) and added. */
export function PipelineAddBar({
  picked,
  onPick,
  exclude,
  source,
  adding,
  onAdd,
}: {
  picked: string | null;
  onPick: (id: string | null) => void;
  exclude: string[];
  source: PickerSource;
  adding: boolean;
  onAdd: (candidateId: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
      <Box sx={{ flex: 1, minWidth: 240 }}>
        <ReferencePicker
          resource="candidates"
          label={t('jobs:pipeline.addCandidate')}
          value={picked}
          onChange={onPick}
          exclude={exclude}
          source={source}
          size="small"
        />
      </Box>
      <Button variant="contained" disabled={!picked} loading={adding} onClick={() => picked && onAdd(picked)}>
        {t('jobs:pipeline.add')}
      </Button>
    </Stack>
  );
}

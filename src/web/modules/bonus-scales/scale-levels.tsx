import { useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { parseDecimal } from '../../../domain/money';
import { bonusPercent, plain, type ScaleLevel } from '../../../domain/modules/kpi/kpi.rules';
import { MAX_SCALE_LEVELS } from '../../../domain/modules/bonus-scales/bonus-scales.schema';
import { RHFTextField } from '../../components/form/rhf-text-field';

export const blankLevel = (): ScaleLevel => ({ achievement: '', percent: '' });

// Achievements the preview reads the scale at: under, at and over a usual target.
const PREVIEW = ['60', '80', '100', '110', '130'];

/**
 * The scale's levels inside the kit's form: each an achievement and the per cent of the target bonus
 * it earns, linear between levels. A line under them reads the scale at a few achievements as one
 * types, so the lead sees what it pays before saving (the server holds the rules on order).
 */
export function ScaleLevels() {
  const { t } = useTranslation(['bonus-scales', 'validation']);
  const { control } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name: 'levels' });
  const watched: unknown = useWatch({ control, name: 'levels' });
  const levels = (Array.isArray(watched) ? (watched as ScaleLevel[]) : []).filter(
    (l) => parseDecimal(String(l.achievement ?? '')) && parseDecimal(String(l.percent ?? '')),
  );
  const { errors } = useFormState({ control, name: 'levels' });
  const listError = errors.levels as { message?: string; root?: { message?: string } } | undefined;
  const refusal = listError?.message ?? listError?.root?.message;
  return (
    <Box sx={{ mt: 3 }} data-testid="scale-levels">
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('bonus-scales:levels.title')}
      </Typography>
      <Stack spacing={1.5}>
        {fields.map((field, i) => (
          <Box key={field.id} sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: '1fr 1fr auto', alignItems: 'start' }}>
            <RHFTextField
              name={`levels.${i}.achievement`}
              label={t('bonus-scales:levels.achievement')}
              size="small"
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <RHFTextField
              name={`levels.${i}.percent`}
              label={t('bonus-scales:levels.percent')}
              size="small"
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <IconButton aria-label={t('bonus-scales:levels.remove', { n: i + 1 })} onClick={() => remove(i)} sx={{ mt: 0.5 }}>
              <DeleteIcon />
            </IconButton>
          </Box>
        ))}
      </Stack>
      {refusal && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {t(`validation:${refusal}`, { defaultValue: refusal })}
        </Alert>
      )}
      <Button startIcon={<AddIcon />} onClick={() => append(blankLevel())} disabled={fields.length >= MAX_SCALE_LEVELS} sx={{ mt: 1.5 }}>
        {t('bonus-scales:levels.add')}
      </Button>
      {levels.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }} data-testid="scale-preview">
          {t('bonus-scales:levels.preview', {
            points: PREVIEW.map((a) => `${a} % → ${plain(bonusPercent(levels, a))} %`).join(' · '),
          })}
        </Typography>
      )}
    </Box>
  );
}

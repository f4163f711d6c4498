import { useFieldArray, useFormContext, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { MAX_COMMISSION_TIERS, type CommissionTier } from '../../../domain/modules/commission-plans/commission-plans.rules';
import { RHFTextField } from '../../components/form/rhf-text-field';

/** The worked plan, offered to a new one: 0–10 000 at 5 %, 10 000–25 000 at 7 %, 25 000+ at 10 %. */
export const DEFAULT_TIERS: CommissionTier[] = [
  { from: '0', to: '10000', rate: '5' },
  { from: '10000', to: '25000', rate: '7' },
  { from: '25000', to: null, rate: '10' },
];

/**
 * A plan's tiers, edited inside the kit's form: each `[from, to)` with its rate; the last one's "to"
 * left blank is open-ended. A new tier starts where the last ended. The server holds the rules
 * (contiguous from 0, rates 0–100 %) and names the tier it refuses on its field.
 */
export function CommissionTiers() {
  const { t } = useTranslation(['commission-plans', 'validation']);
  const { control, getValues } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name: 'tiers' });
  const { errors } = useFormState({ control, name: 'tiers' });
  const listError = errors.tiers as { message?: string; root?: { message?: string } } | undefined;
  const refusal = listError?.message ?? listError?.root?.message;
  const addTier = () => {
    const tiers = (getValues('tiers') as CommissionTier[] | undefined) ?? [];
    const last = tiers[tiers.length - 1];
    append({ from: last?.to ?? '', to: null, rate: '' });
  };
  return (
    <Box sx={{ mt: 3 }} data-testid="commission-tiers">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('commission-plans:tiers.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('commission-plans:tiers.help')}
      </Typography>
      <Stack spacing={1.5}>
        {fields.map((field, i) => (
          <Box
            key={field.id}
            data-testid={`commission-tier-${i}`}
            sx={{ display: 'grid', gap: 1.5, alignItems: 'start', gridTemplateColumns: { xs: '1fr 1fr', sm: '1fr 1fr 0.8fr auto' } }}
          >
            <RHFTextField
              name={`tiers.${i}.from`}
              label={t('commission-plans:tiers.from', { n: i + 1 })}
              size="small"
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <RHFTextField
              name={`tiers.${i}.to`}
              label={t('commission-plans:tiers.to', { n: i + 1 })}
              placeholder={t('commission-plans:tiers.open')}
              size="small"
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <RHFTextField
              name={`tiers.${i}.rate`}
              label={t('commission-plans:tiers.rate', { n: i + 1 })}
              size="small"
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <IconButton
              aria-label={t('commission-plans:tiers.remove', { n: i + 1 })}
              onClick={() => remove(i)}
              sx={{ mt: 0.5, justifySelf: 'end' }}
            >
              <DeleteIcon />
            </IconButton>
          </Box>
        ))}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2, alignItems: { sm: 'center' } }}>
        <Button
          startIcon={<AddIcon />}
          onClick={addTier}
          disabled={fields.length >= MAX_COMMISSION_TIERS}
          data-testid="commission-add-tier"
        >
          {t('commission-plans:tiers.add')}
        </Button>
        {refusal && (
          <Alert severity="error" role="alert" sx={{ flex: 1 }}>
            {refusal}
          </Alert>
        )}
      </Stack>
    </Box>
  );
}

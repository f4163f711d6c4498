import { Controller, useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { add, compare, parseDecimal } from '../../../domain/money';
import { plain } from '../../../domain/modules/kpi/kpi.rules';
import { DEFAULT_KPI_CAP, KPI_METRIC_KINDS, MAX_KPI_METRICS, type KpiMetricKind } from '../../../domain/modules/kpi/kpi.schema';
import { RHFTextField } from '../../components/form/rhf-text-field';

type MetricValues = {
  kind: KpiMetricKind;
  label: string;
  target: string;
  weight: string;
  cap: string;
  applicable: boolean;
  naReason: string | null;
  actual: string | null;
  note: string | null;
};

export const blankMetric = (kind: KpiMetricKind = 'revenue'): MetricValues => ({
  kind,
  label: '',
  target: '',
  weight: '',
  cap: DEFAULT_KPI_CAP,
  applicable: true,
  naReason: null,
  actual: null,
  note: null,
});

/** The weights of the applicable metrics so far, exactly (a weight not yet a number counts as nothing). */
function weightTotal(metrics: readonly MetricValues[]): string {
  return plain(
    add('0', ...metrics.filter((m) => m.applicable !== false).map((m) => (parseDecimal(String(m.weight ?? '')) ? String(m.weight) : '0'))),
  );
}

/**
 * A quarter's metrics, edited inside the kit's form: kind, label, target, weight, cap; a metric left
 * out says why; a custom metric takes its actual and where it comes from. The weights of the
 * applicable metrics are summed as one types (the server holds the rule: 100 %).
 */
export function KpiMetrics() {
  const { t } = useTranslation(['kpi', 'validation']);
  const { control } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name: 'metrics' });
  // Until the form's values are in (an edit's record still loading) the list may not be one yet.
  const watched: unknown = useWatch({ control, name: 'metrics' });
  const metrics = Array.isArray(watched) ? (watched as MetricValues[]) : [];
  const total = weightTotal(metrics);
  const complete = compare(total, '100') === 0;
  // The rule on the whole list (weights, at least one applicable): shown where the weights are summed.
  const { errors } = useFormState({ control, name: 'metrics' });
  const listError = errors.metrics as { message?: string; root?: { message?: string } } | undefined;
  const refusal = listError?.message ?? listError?.root?.message;
  return (
    <Box sx={{ mt: 3 }} data-testid="kpi-metrics">
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('kpi:metrics.title')}
      </Typography>
      <Stack spacing={2} divider={<Divider flexItem />}>
        {fields.map((field, i) => {
          const m = metrics[i];
          return (
            <Box
              key={field.id}
              data-testid={`kpi-metric-${i}`}
              sx={{
                display: 'grid',
                gap: 1.5,
                alignItems: 'start',
                gridTemplateColumns: { xs: '1fr 1fr', md: '1.3fr 2fr 1.2fr 0.8fr 0.8fr auto' },
                '& > .wide': { gridColumn: { xs: '1 / -1', md: 'auto' } },
              }}
            >
              <RHFTextField name={`metrics.${i}.kind`} label={t('kpi:metrics.kind')} size="small" select>
                {KPI_METRIC_KINDS.map((k) => (
                  <MenuItem key={k} value={k}>
                    {t(`kpi:kinds.${k}`)}
                  </MenuItem>
                ))}
              </RHFTextField>
              <RHFTextField className="wide" name={`metrics.${i}.label`} label={t('kpi:metrics.label')} size="small" required />
              <RHFTextField
                name={`metrics.${i}.target`}
                label={t('kpi:metrics.target')}
                size="small"
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
              <RHFTextField
                name={`metrics.${i}.weight`}
                label={t('kpi:metrics.weight')}
                size="small"
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
              <RHFTextField
                name={`metrics.${i}.cap`}
                label={t('kpi:metrics.cap')}
                size="small"
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
              <IconButton aria-label={t('kpi:metrics.remove', { n: i + 1 })} onClick={() => remove(i)} sx={{ mt: 0.5, justifySelf: 'end' }}>
                <DeleteIcon />
              </IconButton>
              <Box sx={{ gridColumn: '1 / -1', display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'start' }}>
                <Controller
                  control={control}
                  name={`metrics.${i}.applicable`}
                  render={({ field: f }) => (
                    <FormControlLabel
                      control={<Switch checked={f.value !== false} onChange={(e) => f.onChange(e.target.checked)} />}
                      label={t('kpi:metrics.applicable')}
                    />
                  )}
                />
                {m?.applicable === false && (
                  <RHFTextField
                    name={`metrics.${i}.naReason`}
                    label={t('kpi:metrics.naReason')}
                    size="small"
                    sx={{ flex: 1, minWidth: 220 }}
                  />
                )}
                {m?.kind === 'custom' && (
                  <>
                    <RHFTextField
                      name={`metrics.${i}.actual`}
                      label={t('kpi:metrics.actual')}
                      size="small"
                      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                    />
                    <RHFTextField name={`metrics.${i}.note`} label={t('kpi:metrics.note')} size="small" sx={{ flex: 1, minWidth: 220 }} />
                  </>
                )}
                {m && m.kind !== 'custom' && (
                  <Typography variant="caption" sx={{ color: 'text.secondary', alignSelf: 'center' }}>
                    {t(`kpi:computed.${m.kind}`)}
                  </Typography>
                )}
              </Box>
            </Box>
          );
        })}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2, alignItems: { sm: 'center' } }}>
        <Button
          startIcon={<AddIcon />}
          onClick={() => append(blankMetric(fields.length ? 'custom' : 'revenue'))}
          disabled={fields.length >= MAX_KPI_METRICS}
          data-testid="kpi-add-metric"
        >
          {t('kpi:metrics.add')}
        </Button>
        <Alert
          severity={refusal ? 'error' : complete ? 'success' : 'info'}
          sx={{ flex: 1 }}
          data-testid="kpi-weight-total"
          role={refusal ? 'alert' : undefined}
        >
          {t('kpi:metrics.weightTotal', { total })}
          {refusal && <div data-testid="kpi-metrics-error">{refusal}</div>}
        </Alert>
      </Stack>
    </Box>
  );
}

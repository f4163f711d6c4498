import { useParams } from 'react-router';
import { ResourceForm } from '../../components/resource/resource-form';
import { blankMetric, KpiMetrics } from './kpi-metrics';

// The declaration's fields (person, year, quarter, focus, target bonus) plus the quarter's metrics.
const EXTRA = ['metrics'] as const;

/** Blank optional texts and figures are not sent as empty strings: a metric without them has none. */
function transform(values: Record<string, unknown>) {
  const metrics = (values.metrics as Array<Record<string, unknown>> | undefined)?.map((m) => {
    const out = { ...m };
    for (const k of ['naReason', 'actual', 'note']) if (out[k] === '' || out[k] === undefined) out[k] = null;
    if (out.kind !== 'custom') out.actual = null;
    return out;
  });
  return { ...values, ...(metrics ? { metrics } : {}), targetBonus: values.targetBonus === '' ? null : values.targetBonus };
}

export function KpiCreatePage() {
  return (
    <ResourceForm resource="kpi" action="create" extraFields={EXTRA} transform={transform} presets={{ metrics: [blankMetric('revenue')] }}>
      <KpiMetrics />
    </ResourceForm>
  );
}

export function KpiEditPage() {
  const { id } = useParams();
  return (
    <ResourceForm key={id} resource="kpi" action="edit" id={id} extraFields={EXTRA} transform={transform}>
      <KpiMetrics />
    </ResourceForm>
  );
}

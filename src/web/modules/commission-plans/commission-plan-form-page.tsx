import { useParams } from 'react-router';
import { ResourceForm } from '../../components/resource/resource-form';
import { CommissionTiers, DEFAULT_TIERS } from './commission-tiers';

// The declaration's fields (name, sale, effective month, basis, mode, note) plus the plan's tiers.
const EXTRA = ['tiers'] as const;

/** A blank "to" is the open-ended last tier. */
function transform(values: Record<string, unknown>) {
  const tiers = (values.tiers as Array<Record<string, unknown>> | undefined)?.map((tier) => ({
    ...tier,
    to: tier.to === '' || tier.to === undefined ? null : tier.to,
  }));
  return { ...values, ...(tiers ? { tiers } : {}) };
}

export function CommissionPlanCreatePage() {
  return (
    <ResourceForm resource="commission-plans" action="create" extraFields={EXTRA} transform={transform} presets={{ tiers: DEFAULT_TIERS }}>
      <CommissionTiers />
    </ResourceForm>
  );
}

export function CommissionPlanEditPage() {
  const { id } = useParams();
  return (
    <ResourceForm key={id} resource="commission-plans" action="edit" id={id} extraFields={EXTRA} transform={transform}>
      <CommissionTiers />
    </ResourceForm>
  );
}

import { useParams } from 'react-router';
import { ResourceForm } from '../../components/resource/resource-form';
import { blankLevel, ScaleLevels } from './scale-levels';

// The declaration's fields (from which quarter, the fund's per cent and threshold, a note) plus the levels.
const EXTRA = ['levels'] as const;

export function ScaleCreatePage() {
  return (
    <ResourceForm resource="bonus-scales" action="create" extraFields={EXTRA} presets={{ levels: [blankLevel()] }}>
      <ScaleLevels />
    </ResourceForm>
  );
}

export function ScaleEditPage() {
  const { id } = useParams();
  return (
    <ResourceForm key={id} resource="bonus-scales" action="edit" id={id} extraFields={EXTRA}>
      <ScaleLevels />
    </ResourceForm>
  );
}

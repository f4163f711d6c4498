import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import type { PlacementState } from '../../../domain/modules/hr-commission/hr-commission.rules';

const COLOR = { pending: 'warning', earned: 'success', clawed_back: 'error' } as const;

/** A placement's state as a chip: pending (in probation), earned, clawed back. */
export function PlacementStateChip({ state }: { state: PlacementState }) {
  const { t } = useTranslation(['hr-commissions']);
  return <Chip size="small" color={COLOR[state]} variant="outlined" label={t(`hr-commissions:placementState.${state}`)} />;
}

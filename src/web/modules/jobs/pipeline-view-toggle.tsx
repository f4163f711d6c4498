import { useTranslation } from 'react-i18next';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';

export type PipelineView = 'table' | 'board';

/** The pipeline shown as a table or as a board of columns by stage. */
export function PipelineViewToggle({ view, onChange }: { view: PipelineView; onChange: (view: PipelineView) => void }) {
  const { t } = useTranslation();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={view}
      onChange={(_, v: PipelineView | null) => v && onChange(v)}
      aria-label={t('jobs:pipeline.view')}
      sx={{ alignSelf: 'flex-start' }}
    >
      <ToggleButton value="table" data-testid="pipeline-view-table">
        {t('jobs:pipeline.table')}
      </ToggleButton>
      <ToggleButton value="board" data-testid="pipeline-view-board">
        {t('jobs:pipeline.board')}
      </ToggleButton>
    </ToggleButtonGroup>
  );
}

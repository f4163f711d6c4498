import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import type { Dashboard } from '../../../../domain/modules/dashboard/dashboard.schema';
import { BarFigure } from '../bar-figure';
import { Widget, WidgetEmpty } from './widget';

type Recruitment = NonNullable<Dashboard['recruitment']>;

/** Candidates in each stage of the pipelines, as bars. */
export function PipelineWidget({ data }: { data: Recruitment }) {
  const { t } = useTranslation();
  const title = t('dashboard:recruitment.pipeline');
  return (
    <Widget title={title} testId="widget-pipeline">
      {!data.pipelineByStage.some((s) => s.count > 0) ? (
        <WidgetEmpty>{t('dashboard:recruitment.pipelineEmpty')}</WidgetEmpty>
      ) : (
        <>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('dashboard:recruitment.pipelineHint')}
          </Typography>
          <BarFigure
            caption={title}
            headers={[t('dashboard:recruitment.stage'), t('dashboard:recruitment.candidates')]}
            bars={data.pipelineByStage.map((s) => ({ key: s.stage, label: t(`jobs:stages.${s.stage}`), value: s.count }))}
            testId="pipeline-chart"
          />
        </>
      )}
    </Widget>
  );
}

import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ResourceShow } from '../../components/resource/resource-show';
import { JobPipeline } from './job-pipeline';

/** A job's page: its facts (the kit's Details), the pipeline by stage, and History. */
export function JobShowPage() {
  const { id } = useParams();
  const { t } = useTranslation();
  return (
    <ResourceShow
      key={id}
      resource="jobs"
      id={id!}
      tabs={[{ key: 'pipeline', label: t('jobs:pipeline.tab'), content: <JobPipeline id={id!} /> }]}
    />
  );
}

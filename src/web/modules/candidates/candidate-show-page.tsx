import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ResourceShow } from '../../components/resource/resource-show';
import { CandidateFiles } from './candidate-files';

/** A candidate's page: the profile, the CV and its converted copy, and History. */
export function CandidateShowPage() {
  const { id } = useParams();
  const { t } = useTranslation();
  return (
    <ResourceShow
      key={id}
      resource="candidates"
      id={id!}
      tabs={[{ key: 'files', label: t('candidates:files.tab'), content: <CandidateFiles id={id!} /> }]}
    />
  );
}

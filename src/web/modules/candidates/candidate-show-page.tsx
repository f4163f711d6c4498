import { useParams } from 'react-router';
import { useOne } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { Candidate } from '../../../domain/modules/candidates/candidates.schema';
import { can } from '../../../domain/resources';
import { ResourceShow } from '../../components/resource/resource-show';
import { useAuthContext } from '../../providers/auth-context';
import { CandidateBrandedCv } from './candidate-branded-cv';
import { CandidateJobs } from './candidate-jobs';

/** A candidate's page: the profile, the CV and its converted copy (the kit's file slots) with the branded CV, the jobs they are in, and History. */
export function CandidateShowPage() {
  const { id } = useParams();
  const { t } = useTranslation();
  const { role } = useAuthContext();
  const tabs = can(role, 'jobs', 'pipeline') ? [{ key: 'jobs', label: t('candidates:jobs.tab'), content: <CandidateJobs id={id!} /> }] : [];
  return <ResourceShow key={id} resource="candidates" id={id!} filesExtra={<BrandedCv id={id!} />} tabs={tabs} />;
}

function BrandedCv({ id }: { id: string }) {
  // The page's own query: the same cache entry, no second request.
  const { query } = useOne<Candidate>({ resource: 'candidates', id });
  const record = query.data?.data;
  return record ? <CandidateBrandedCv id={id} fullName={record.fullName} /> : null;
}

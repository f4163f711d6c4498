import { useParams } from 'react-router';
import { useOne } from '@refinedev/core';
import type { Candidate } from '../../../domain/modules/candidates/candidates.schema';
import { ResourceShow } from '../../components/resource/resource-show';
import { CandidateBrandedCv } from './candidate-branded-cv';

/** A candidate's page: the profile, the CV and its converted copy (the kit's file slots) with the branded CV, and History. */
export function CandidateShowPage() {
  const { id } = useParams();
  return <ResourceShow key={id} resource="candidates" id={id!} filesExtra={<BrandedCv id={id!} />} />;
}

function BrandedCv({ id }: { id: string }) {
  // The page's own query: the same cache entry, no second request.
  const { query } = useOne<Candidate>({ resource: 'candidates', id });
  const record = query.data?.data;
  return record ? <CandidateBrandedCv id={id} fullName={record.fullName} /> : null;
}

import { useTranslation } from 'react-i18next';
import type { JobCandidate } from '../../../domain/modules/jobs/jobs.schema';
import { candidatesResource } from '../../../domain/modules/candidates/candidates.resource';
import { FileSlot } from '../../components/file-slot';

/** The CV sent to this customer: the kit's file slot on one line, for the entry's version. */
export function PipelineCvCell({
  jobId,
  row,
  mayEdit,
  onChanged,
}: {
  jobId: string;
  row: JobCandidate;
  mayEdit: boolean;
  onChanged: () => Promise<void>;
}) {
  const { t } = useTranslation();
  return (
    <FileSlot
      variant="inline"
      url={`/api/v1/jobs/${jobId}/candidates/${row.candidateId}/cv`}
      file={row.cv}
      label={row.candidateName}
      types={candidatesResource.files.cv.types}
      mayEdit={mayEdit}
      version={() => row.version}
      onChanged={onChanged}
      testId={`pipeline-cv-${row.candidateId}`}
      texts={{
        none: t('jobs:pipeline.noCv'),
        upload: t('jobs:pipeline.uploadCv'),
        delete: t('jobs:pipeline.deleteCv'),
        deleteTitle: t('jobs:pipeline.deleteCv'),
        deleteMessage: t('jobs:pipeline.deleteCvMessage', { name: row.cv?.name ?? '' }),
        uploadedOk: t('jobs:pipeline.cvUploadedOk'),
      }}
    />
  );
}

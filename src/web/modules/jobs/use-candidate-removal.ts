import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { JobCandidate } from '../../../domain/modules/jobs/jobs.schema';
import { errorText } from '../../i18n/error-text';
import { http } from '../../providers/http';
import { toast } from '../../toast';

/** Taking a candidate out of a job's pipeline: the one asked about, and the removal once confirmed. */
export function useCandidateRemoval(id: string, onRemoved: () => Promise<void>) {
  const { t } = useTranslation();
  const [removing, setRemoving] = useState<JobCandidate>();
  const remove = useMutation({
    mutationFn: async (row: JobCandidate) => (await http.delete(`/api/v1/jobs/${id}/candidates/${row.candidateId}`)).data,
    onSuccess: async () => {
      toast.success(t('jobs:pipeline.removedOk'));
      await onRemoved();
    },
    onError: (e) => toast.error(errorText(t, e)),
    onSettled: () => setRemoving(undefined),
  });
  return { removing, setRemoving, remove };
}

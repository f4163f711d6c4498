import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PipelineCandidateOption } from '../../../domain/modules/jobs/jobs.schema';
import type { LookupRow, PickerSource } from '../../components/resource/lookup';
import { errorText } from '../../i18n/error-text';
import { http } from '../../providers/http';
import { toast } from '../../toast';
import { pipelineKey } from './use-job-pipeline';

/** Adding a candidate to a job's pipeline: the one picked, where the picker searches, and the add. */
export function useCandidateAdding(id: string, onAdded: () => Promise<void>) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<string | null>(null);

  // Only candidates not yet in the pipeline, searched by the server (under the pipeline's key, so a refresh renews it).
  const source: PickerSource = {
    key: [...pipelineKey(id), 'search'],
    search: async (q: string | undefined) =>
      (await http.get<PipelineCandidateOption[]>(`/api/v1/jobs/${id}/candidates/search`, { params: { q, limit: 20 } })).data.map(
        (c): LookupRow => ({ id: c.id, label: c.label, detail: [c.email, c.phone].filter(Boolean).join(' · ') }),
      ),
  };

  const add = useMutation({
    mutationFn: async (candidateId: string) => (await http.post(`/api/v1/jobs/${id}/candidates`, { candidateId })).data,
    onSuccess: async () => {
      setPicked(null);
      toast.success(t('jobs:pipeline.addedOk'));
      await onAdded();
    },
    onError: (e) => toast.error(errorText(t, e)),
  });

  return { picked, setPicked, source, add };
}

import { useParams } from 'react-router';
import { useInvalidate, useOne } from '@refinedev/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import { kpiEvaluationsResource, type KpiEvaluation } from '../../../domain/modules/kpi/kpi-evaluations.resource';
import { can } from '../../../domain/resources';
import type { ResourcePageProps } from '../../app/web-module';
import { ResourceShow } from '../../components/resource/resource-show';
import { actionOffered, postStateAction } from '../../components/resource/state-actions';
import { useResource } from '../../components/resource/use-resource';
import { StatementView } from '../../components/statement/statement-view';
import { errorText } from '../../i18n/error-text';
import { versionOf } from '../../providers/data-provider';
import { useAuthContext } from '../../providers/auth-context';
import { toast } from '../../toast';

const RESOURCE = 'kpi-evaluations';
const decl = kpiEvaluationsResource;

/**
 * A quarter's evaluation: the kit's detail page with its statement line by line (the first tab), and
 * Approve where it works — a draft, for admin and hr_lead. Once approved nothing on it changes: its
 * notes are no longer edited, and a later change to its inputs shows on the statement instead.
 */
export function EvaluationShowPage(_: ResourcePageProps) {
  const { id } = useParams();
  const { t } = useResource(RESOURCE);
  const { role } = useAuthContext();
  const invalidate = useInvalidate();
  const qc = useQueryClient();
  const { query } = useOne<KpiEvaluation>({ resource: RESOURCE, id: id!, liveMode: 'auto', errorNotification: false });
  const record = query.data?.data;
  const approve = useMutation({
    mutationFn: async () => (await postStateAction<KpiEvaluation>(decl, id!, 'approve', versionOf(query.data))).data,
    onSuccess: () => toast.success(t('kpi-evaluations:approved')),
    onError: (e) => toast.error(errorText(t, e)),
    onSettled: () => {
      void invalidate({ resource: RESOURCE, id: id!, invalidates: ['list', 'detail'] });
      void qc.invalidateQueries({ queryKey: ['statement'] });
    },
  });
  const url = `${decl.base}/${decl.path}/${id}`;
  return (
    <ResourceShow
      key={id}
      resource={RESOURCE}
      id={id!}
      rights={{ edit: record?.state === 'draft', delete: record?.state === 'draft' }}
      actions={
        actionOffered(decl, role, 'approve', record) && (
          <Button
            variant="contained"
            disabled={approve.isPending || (record?.missing.length ?? 0) > 0}
            onClick={() => approve.mutate()}
            data-testid="evaluation-approve"
          >
            {t('kpi-evaluations:approve')}
          </Button>
        )
      }
      tabs={
        record
          ? [
              {
                key: 'statement',
                label: t('kpi-evaluations:statement'),
                content: (
                  <Card sx={{ p: { xs: 1.5, sm: 3 } }}>
                    <StatementView url={url} unit={record.unit} canAnswer={can(role, RESOURCE, 'answer')} />
                  </Card>
                ),
              },
            ]
          : []
      }
    />
  );
}

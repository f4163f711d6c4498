import { useParams } from 'react-router';
import { useInvalidate, useOne } from '@refinedev/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import { hrCommissionsResource, type HrCommission } from '../../../domain/modules/hr-commission/hr-commissions.resource';
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

const RESOURCE = 'hr-commissions';
const decl = hrCommissionsResource;

/**
 * A recruiter's month: the kit's detail page with its statement line by line, Approve on a draft and
 * Mark paid on an approved one (admin and hr_lead). Once approved nothing on it changes; a seat found
 * later to have ended inside its probation is clawed back in the next open month.
 */
export function HrCommissionShowPage(_: ResourcePageProps) {
  const { id } = useParams();
  const { t } = useResource(RESOURCE);
  const { role } = useAuthContext();
  const invalidate = useInvalidate();
  const qc = useQueryClient();
  const { query } = useOne<HrCommission>({ resource: RESOURCE, id: id!, liveMode: 'auto', errorNotification: false });
  const record = query.data?.data;
  const act = useMutation({
    mutationFn: async (action: 'approve' | 'markPaid') =>
      (await postStateAction<HrCommission>(decl, id!, action, versionOf(query.data))).data,
    onSuccess: (r) => toast.success(t(`hr-commissions:moved.${r.state}`)),
    onError: (e) => toast.error(errorText(t, e)),
    onSettled: () => {
      void invalidate({ resource: RESOURCE, id: id!, invalidates: ['list', 'detail'] });
      void qc.invalidateQueries({ queryKey: ['statement'] });
      void qc.invalidateQueries({ queryKey: ['hr-commission'] });
    },
  });
  // The idempotent Mark paid is not offered in the state it reaches.
  const offer = (action: 'approve' | 'markPaid', to: string) => record?.state !== to && actionOffered(decl, role, action, record);
  return (
    <ResourceShow
      key={id}
      resource={RESOURCE}
      id={id!}
      rights={{ edit: record?.state === 'draft', delete: record?.state === 'draft' }}
      actions={
        <>
          {offer('approve', 'approved') && (
            <Button
              variant="contained"
              disabled={act.isPending || (record?.missing.length ?? 0) > 0}
              onClick={() => act.mutate('approve')}
              data-testid="hr-commission-approve"
            >
              {t('hr-commissions:approve')}
            </Button>
          )}
          {offer('markPaid', 'paid') && (
            <Button
              variant="contained"
              disabled={act.isPending}
              onClick={() => act.mutate('markPaid')}
              data-testid="hr-commission-mark-paid"
            >
              {t('hr-commissions:markPaid')}
            </Button>
          )}
        </>
      }
      tabs={
        record
          ? [
              {
                key: 'statement',
                label: t('hr-commissions:statement'),
                content: (
                  <Card sx={{ p: { xs: 1.5, sm: 3 } }}>
                    <StatementView url={`${decl.base}/${decl.path}/${id}`} unit={record.unit} canAnswer={can(role, RESOURCE, 'answer')} />
                  </Card>
                ),
              },
            ]
          : []
      }
    />
  );
}

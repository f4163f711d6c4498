import { useParams } from 'react-router';
import { useInvalidate, useOne } from '@refinedev/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import type { ResourceDecl } from '../../../domain/resource';
import { can } from '../../../domain/resources';
import type { StatementState } from '../../../domain/statements';
import { errorText } from '../../i18n/error-text';
import { versionOf } from '../../providers/data-provider';
import { useAuthContext } from '../../providers/auth-context';
import { toast } from '../../toast';
import { ResourceShow } from '../resource/resource-show';
import { actionOffered, postStateAction } from '../resource/state-actions';
import { useResource } from '../resource/use-resource';
import { StatementView } from './statement-view';

interface StatementRecord extends Record<string, unknown> {
  id: string;
  state: StatementState;
  unit: string;
  missing: string[];
}

/**
 * A statement's detail page (an evaluation, a bonus, a commission): the kit's page with the
 * statement line by line as its first tab, Approve on a draft nothing is missing from, and Mark paid
 * on an approved one — each only for the roles that may, and only where it changes something. Once
 * approved nothing on it is edited: a later change to its inputs shows on the statement instead.
 */
export function StatementShowPage({ decl }: { decl: ResourceDecl }) {
  const { id } = useParams();
  const resource = decl.name;
  const { t } = useResource(resource);
  const { role } = useAuthContext();
  const invalidate = useInvalidate();
  const qc = useQueryClient();
  const { query } = useOne<StatementRecord>({ resource, id: id!, liveMode: 'auto', errorNotification: false });
  const record = query.data?.data;
  const act = useMutation({
    mutationFn: async (action: 'approve' | 'markPaid') =>
      (await postStateAction<StatementRecord>(decl, id!, action, versionOf(query.data))).data,
    onSuccess: (after) => toast.success(t(after.state === 'paid' ? 'statements:markedPaid' : 'statements:approved')),
    onError: (e) => toast.error(errorText(t, e)),
    onSettled: () => {
      void invalidate({ resource, id: id!, invalidates: ['list', 'detail'] });
      void qc.invalidateQueries({ queryKey: ['statement'] });
    },
  });
  const offer = (action: 'approve' | 'markPaid', from: StatementState) =>
    record?.state === from && !!decl.states?.actions[action] && actionOffered(decl, role, action, record);
  const url = `${decl.base}/${decl.path}/${id}`;
  return (
    <ResourceShow
      key={id}
      resource={resource}
      id={id!}
      rights={{ edit: record?.state === 'draft', delete: record?.state === 'draft' }}
      actions={
        <Stack direction="row" spacing={1}>
          {offer('approve', 'draft') && (
            <Button
              variant="contained"
              disabled={act.isPending || (record?.missing.length ?? 0) > 0}
              onClick={() => act.mutate('approve')}
              data-testid="statement-approve"
            >
              {t('statements:approve')}
            </Button>
          )}
          {offer('markPaid', 'approved') && (
            <Button variant="contained" disabled={act.isPending} onClick={() => act.mutate('markPaid')} data-testid="statement-mark-paid">
              {t('statements:markPaid')}
            </Button>
          )}
        </Stack>
      }
      tabs={
        record
          ? [
              {
                key: 'statement',
                label: t('statements:tab'),
                content: (
                  <Card sx={{ p: { xs: 1.5, sm: 3 } }}>
                    <StatementView url={url} unit={record.unit} canAnswer={can(role, resource, 'answer')} />
                  </Card>
                ),
              },
            ]
          : []
      }
    />
  );
}

import { useParams } from 'react-router';
import { useInvalidate, useOne } from '@refinedev/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import { commissionsResource, type Commission } from '../../../domain/modules/commissions/commissions.resource';
import { compare } from '../../../domain/money';
import { can } from '../../../domain/resources';
import type { ResourcePageProps } from '../../app/web-module';
import { ResourceShow } from '../../components/resource/resource-show';
import { actionOffered, postStateAction } from '../../components/resource/state-actions';
import { useResource } from '../../components/resource/use-resource';
import { StatementView } from '../../components/statement/statement-view';
import { errorText } from '../../i18n/error-text';
import { useFormatters } from '../../i18n/format';
import { versionOf } from '../../providers/data-provider';
import { useAuthContext } from '../../providers/auth-context';
import { toast } from '../../toast';

const RESOURCE = 'commissions';
const decl = commissionsResource;

/**
 * A sale's month of commission: the kit's detail page with its statement tier by tier (the first
 * tab), Approve for a draft and Mark paid for an approved one, where the caller may. Once approved
 * nothing on it changes; a month whose total is negative pays nothing and its balance is recovered
 * by the next month.
 */
export function CommissionShowPage(_: ResourcePageProps) {
  const { id } = useParams();
  const { t } = useResource(RESOURCE);
  const fmt = useFormatters();
  const { role } = useAuthContext();
  const invalidate = useInvalidate();
  const qc = useQueryClient();
  const { query } = useOne<Commission>({ resource: RESOURCE, id: id!, liveMode: 'auto', errorNotification: false });
  const record = query.data?.data;
  const act = useMutation({
    mutationFn: async (action: 'approve' | 'markPaid') =>
      (await postStateAction<Commission>(decl, id!, action, versionOf(query.data))).data,
    onSuccess: (_d, action) => toast.success(t(action === 'approve' ? 'commissions:approved' : 'commissions:paid')),
    onError: (e) => toast.error(errorText(t, e)),
    onSettled: () => {
      void invalidate({ resource: RESOURCE, id: id!, invalidates: ['list', 'detail'] });
      void qc.invalidateQueries({ queryKey: ['statement'] });
    },
  });
  const url = `${decl.base}/${decl.path}/${id}`;
  const offered = (action: 'approve' | 'markPaid') => actionOffered(decl, role, action, record) && record?.state !== 'paid';
  return (
    <ResourceShow
      key={id}
      resource={RESOURCE}
      id={id!}
      rights={{ edit: record?.state === 'draft', delete: record?.state === 'draft' }}
      actions={
        <Stack direction="row" spacing={1}>
          {offered('approve') && (
            <Button
              variant="contained"
              disabled={act.isPending || (record?.missing.length ?? 0) > 0}
              onClick={() => act.mutate('approve')}
              data-testid="commission-approve"
            >
              {t('commissions:approve')}
            </Button>
          )}
          {offered('markPaid') && (
            <Button
              variant="contained"
              color="success"
              disabled={act.isPending}
              onClick={() => act.mutate('markPaid')}
              data-testid="commission-mark-paid"
            >
              {t('commissions:markPaid')}
            </Button>
          )}
        </Stack>
      }
      tabs={
        record
          ? [
              {
                key: 'statement',
                label: t('commissions:statement'),
                content: (
                  <Card sx={{ p: { xs: 1.5, sm: 3 } }}>
                    <Stack spacing={2}>
                      <Alert severity="info" data-testid="commission-version">
                        {t('commissions:version', { version: record.ruleVersion })}
                      </Alert>
                      {compare(record.recoverable, '0') > 0 && (
                        <Alert severity="warning" data-testid="commission-recoverable">
                          {t('commissions:recoverable', { amount: fmt.money(record.recoverable, record.unit) })}
                        </Alert>
                      )}
                      <StatementView url={url} unit={record.unit} canAnswer={can(role, RESOURCE, 'answer')} />
                    </Stack>
                  </Card>
                ),
              },
            ]
          : []
      }
    />
  );
}

import { useParams } from 'react-router';
import { useInvalidate, useOne } from '@refinedev/core';
import { useMutation } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import { projectBonusesResource } from '../../../domain/modules/project-bonuses/project-bonuses.resource';
import type { ProjectBonus } from '../../../domain/modules/project-bonuses/project-bonuses.schema';
import type { ResourcePageProps } from '../../app/web-module';
import { ResourceShow } from '../../components/resource/resource-show';
import { actionOffered, postStateAction } from '../../components/resource/state-actions';
import { useResource } from '../../components/resource/use-resource';
import { errorText } from '../../i18n/error-text';
import { versionOf } from '../../providers/data-provider';
import { useAuthContext } from '../../providers/auth-context';
import { toast } from '../../toast';

const RESOURCE = 'project-bonuses';
const decl = projectBonusesResource;

/** The kit's detail page with Mark paid / Mark unpaid where they work; a paid bonus is not edited nor archived. */
export function ProjectBonusShowPage(_: ResourcePageProps) {
  const { id } = useParams();
  const { t } = useResource(RESOURCE);
  const { role } = useAuthContext();
  const invalidate = useInvalidate();
  const { query } = useOne<ProjectBonus>({ resource: RESOURCE, id: id!, liveMode: 'auto', errorNotification: false });
  const record = query.data?.data;
  const move = useMutation({
    mutationFn: async (action: 'markPaid' | 'markUnpaid') =>
      (await postStateAction<ProjectBonus>(decl, id!, action, versionOf(query.data))).data,
    onSuccess: (b) => toast.success(t(`project-bonuses:moved.${b.status}`)),
    onError: (e) => toast.error(errorText(t, e)),
    onSettled: () => void invalidate({ resource: RESOURCE, id: id!, invalidates: ['list', 'detail'] }),
  });
  // Offered only where it changes something: the idempotent action is not shown in the state it reaches.
  const offer = (action: 'markPaid' | 'markUnpaid', to: string) => record?.status !== to && actionOffered(decl, role, action, record);
  return (
    <ResourceShow
      key={id}
      resource={RESOURCE}
      id={id!}
      rights={{ edit: record?.status !== 'paid', delete: record?.status !== 'paid' }}
      actions={
        <>
          {offer('markPaid', 'paid') && (
            <Button variant="contained" disabled={move.isPending} onClick={() => move.mutate('markPaid')} data-testid="bonus-mark-paid">
              {t('project-bonuses:actions.markPaid')}
            </Button>
          )}
          {offer('markUnpaid', 'unpaid') && (
            <Button
              variant="outlined"
              color="inherit"
              disabled={move.isPending}
              onClick={() => move.mutate('markUnpaid')}
              data-testid="bonus-mark-unpaid"
            >
              {t('project-bonuses:actions.markUnpaid')}
            </Button>
          )}
        </>
      }
    />
  );
}

import { useState } from 'react';
import { useParams } from 'react-router';
import { useInvalidate, useOne } from '@refinedev/core';
import { useMutation } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import { toRole } from '../../../domain/auth/permissions';
import { can } from '../../../domain/resources';
import { isTicketHandler, REQUESTER_EDITABLE, ticketMovesFor } from '../../../domain/modules/tickets/tickets.rules';
import { ticketsResource } from '../../../domain/modules/tickets/tickets.resource';
import { ticketUpdateSchema, type Ticket, type TicketStatus } from '../../../domain/modules/tickets/tickets.schema';
import type { ResourcePageProps } from '../../app/web-module';
import { ResourceForm } from '../../components/resource/resource-form';
import { ResourceShow } from '../../components/resource/resource-show';
import { postStateAction } from '../../components/resource/state-actions';
import type { LookupRow, PickerSource } from '../../components/resource/lookup';
import { useResource } from '../../components/resource/use-resource';
import { errorText } from '../../i18n/error-text';
import { resourceUrl, versionOf } from '../../providers/data-provider';
import { http } from '../../providers/http';
import { useAuthContext } from '../../providers/auth-context';
import { toast } from '../../toast';
import { ResolveDialog, TicketThread } from './ticket-thread';

// A ticket's pages: the kit's, narrowed to what the caller may do. The rules are the domain's
// (tickets.rules.ts), so the buttons shown are the moves the server accepts.

const RESOURCE = 'tickets';

/** The people a ticket may be assigned to (active admins and hr_leads), for the assignee picker. */
const ASSIGNEES: PickerSource = {
  key: ['tickets', 'assignees'],
  search: async (q) => (await http.get<LookupRow[]>(`${resourceUrl(RESOURCE)}/assignees`, { params: { q } })).data,
};

function useDesk() {
  const { role, user } = useAuthContext();
  const r = toRole(role) ?? 'developer';
  return { role: r, userId: user?.id as string | undefined, handler: isTicketHandler(r) };
}

/**
 * What a caller who is not a handler leaves alone: the assignee; a customer when they may not pick
 * one; and on edit (their own open ticket) every field but the title and description.
 */
function hiddenFor(handler: boolean, role: string, action: 'create' | 'edit'): string[] {
  if (handler) return [];
  if (action === 'edit') return Object.keys(ticketUpdateSchema.shape).filter((f) => !(REQUESTER_EDITABLE as readonly string[]).includes(f));
  return can(role, 'customers', 'lookup') ? ['assigneeId'] : ['assigneeId', 'customerId'];
}

export function TicketCreatePage(_: ResourcePageProps) {
  const { role, handler } = useDesk();
  return (
    <ResourceForm
      key="tickets-new"
      resource={RESOURCE}
      action="create"
      hidden={hiddenFor(handler, role, 'create')}
      sources={{ assigneeId: ASSIGNEES }}
    />
  );
}

export function TicketEditPage(_: ResourcePageProps) {
  const { id } = useParams();
  const { role, handler } = useDesk();
  return (
    <ResourceForm
      key={id}
      resource={RESOURCE}
      action="edit"
      id={id}
      hidden={hiddenFor(handler, role, 'edit')}
      sources={{ assigneeId: ASSIGNEES }}
    />
  );
}

/** The detail page with the status moves the caller may make, each a button. */
export function TicketShowPage(_: ResourcePageProps) {
  const { id } = useParams();
  const { t } = useResource(RESOURCE);
  const desk = useDesk();
  const invalidate = useInvalidate();
  // The same query as the page's own: its version goes with the move, so a move on a ticket moved since is refused.
  const { query } = useOne<Ticket>({ resource: RESOURCE, id: id!, liveMode: 'auto', errorNotification: false });
  const version = versionOf(query.data);
  const [resolving, setResolving] = useState(false);
  const move = useMutation({
    mutationFn: async ({ status, resolution }: { status: TicketStatus; resolution?: string }) =>
      (await postStateAction<Ticket>(ticketsResource, id!, 'status', version, resolution ? { status, resolution } : { status })).data,
    onSuccess: (ticket) => {
      setResolving(false);
      toast.success(t('tickets:moved', { status: t(`tickets:values.status.${ticket.status}`) }));
    },
    onError: (e) => toast.error(errorText(t, e)),
    onSettled: () => void invalidate({ resource: RESOURCE, id: id!, invalidates: ['list', 'detail'] }),
  });
  const record = query.data?.data;
  const actor = record && { role: desk.role, isRequester: record.requesterId === desk.userId };
  return (
    <>
      <ResourceShow
        key={id}
        resource={RESOURCE}
        id={id!}
        rights={{ edit: !!record && (desk.handler || (record.requesterId === desk.userId && record.status === 'open')) }}
        actions={
          record &&
          actor &&
          ticketMovesFor(record.status, actor).map((to) => (
            <Button
              key={to}
              variant={to === 'open' ? 'outlined' : 'contained'}
              color={to === 'open' ? 'inherit' : 'primary'}
              disabled={move.isPending}
              // Resolving asks how the ticket was handled first.
              onClick={() => (to === 'resolved' ? setResolving(true) : move.mutate({ status: to }))}
              data-testid={`ticket-move-${to}`}
            >
              {t(`tickets:moves.${to === 'open' ? 'reopen' : to}`)}
            </Button>
          ))
        }
        tabs={
          record
            ? [
                {
                  key: 'conversation',
                  label: t('tickets:thread.title'),
                  content: (
                    <Card sx={{ p: 3 }}>
                      <TicketThread
                        ticketId={record.id}
                        canReply={!!actor && (desk.handler || actor.isRequester)}
                        closed={record.status === 'closed'}
                      />
                    </Card>
                  ),
                },
              ]
            : []
        }
      />
      <ResolveDialog
        key={String(resolving)}
        open={resolving}
        pending={move.isPending}
        onClose={() => setResolving(false)}
        onResolve={(resolution) => move.mutate({ status: 'resolved', resolution })}
      />
    </>
  );
}

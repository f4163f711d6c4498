import { lazy, Suspense, useState } from 'react';
import { useDelete, useDeleteMany } from '@refinedev/core';
import { errorText } from '../../i18n/error-text';
import type { Row } from './list-columns';
import type { ResourceMeta } from './use-resource';

// The delete and archive dialogs load when a row is first deleted, not with every list.
const ArchiveDialog = lazy(() => import('./archive').then((m) => ({ default: m.ArchiveDialog })));
const ConfirmDelete = lazy(() => import('./confirm-dialog').then((m) => ({ default: m.ConfirmDelete })));

/**
 * Deleting rows of the list (archiving them, for soft-deleting resources): the rows asked about,
 * one from its row's button or several from the selection, and the confirmed call.
 */
export function useRowDeletion(meta: ResourceMeta, resource: string, onDeleted: () => void) {
  const { decl, t } = meta;
  const [toDelete, setToDelete] = useState<Row[] | null>(null);
  // Once shown, the dialog stays mounted: it closes with its transition.
  const [deleteAsked, setDeleteAsked] = useState(false);
  if (toDelete && !deleteAsked) setDeleteAsked(true);

  const { mutate: deleteOne, mutation: deleteOneState } = useDelete();
  const { mutate: deleteMany, mutation: deleteManyState } = useDeleteMany();
  const deleted = () => ({
    type: 'success' as const,
    message: t(decl.softDelete ? 'common:resource.archivedToast' : 'common:notifications.deleteSuccess', { resource: meta.one }),
  });
  const failed = (error?: unknown) => ({ type: 'error' as const, message: errorText(t, error) });
  const confirmDelete = () => {
    if (!toDelete) return;
    const done = { onSettled: () => setToDelete(null), onSuccess: onDeleted };
    if (toDelete.length === 1) deleteOne({ resource, id: toDelete[0]!.id, successNotification: deleted, errorNotification: failed }, done);
    else deleteMany({ resource, ids: toDelete.map((r) => r.id), successNotification: deleted, errorNotification: failed }, done);
  };

  return {
    toDelete,
    ask: setToDelete,
    deleteAsked,
    confirmDelete,
    pendingOne: deleteOneState.isPending,
    pending: deleteOneState.isPending || deleteManyState.isPending,
  };
}

export type RowDeletion = ReturnType<typeof useRowDeletion>;

/** The confirmation of a deletion: the archive dialog for one archived row, else the delete dialog. */
export function RowDeletionDialogs({
  meta,
  deletion,
  titleOf,
}: {
  meta: ResourceMeta;
  deletion: RowDeletion;
  titleOf: (row: Row) => string;
}) {
  const { decl, t } = meta;
  const { toDelete, ask, confirmDelete } = deletion;
  if (!deletion.deleteAsked) return null;
  return (
    <Suspense fallback={null}>
      {decl.softDelete && toDelete?.length === 1 ? (
        <ArchiveDialog
          meta={meta}
          open
          id={toDelete[0]!.id}
          name={titleOf(toDelete[0]!)}
          pending={deletion.pendingOne}
          onCancel={() => ask(null)}
          onConfirm={confirmDelete}
        />
      ) : (
        <ConfirmDelete
          open={!!toDelete}
          title={
            toDelete && toDelete.length > 1
              ? t(decl.softDelete ? 'common:resource.archiveManyTitle' : 'common:resource.deleteManyTitle', { count: toDelete.length })
              : t('common:resource.deleteTitle', { one: meta.one })
          }
          message={
            toDelete && toDelete.length > 1
              ? t(decl.softDelete ? 'common:resource.archiveManyMessage' : 'common:resource.deleteManyMessage')
              : t('common:resource.deleteMessage', { name: toDelete?.[0] ? titleOf(toDelete[0]) : '' })
          }
          pending={deletion.pending}
          onCancel={() => ask(null)}
          onConfirm={confirmDelete}
          archive={decl.softDelete}
        />
      )}
    </Suspense>
  );
}

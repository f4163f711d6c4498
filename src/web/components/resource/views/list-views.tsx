import { useEffect, useRef, useState } from 'react';
import type { Role } from '../../../../domain/auth/permissions';
import { canShareViews, type SavedView } from '../../../../domain/modules/saved-views/saved-views.schema';
import { errorText, issueText } from '../../../i18n/error-text';
import { toHttpError } from '../../../providers/session';
import { toast } from '../../../toast';
import { ConfirmDelete } from '../confirm-dialog';
import type { ListState } from '../list-params';
import type { ListPrefs } from '../list-prefs';
import type { SetListState } from '../use-list-state';
import type { ResourceMeta } from '../use-resource';
import { useSavedViews, useSavedViewWrites } from './saved-views-api';
import { listStateOf, showsView, viewStateOf } from './view-state';
import { ViewNameDialog, ViewShareDialog } from './view-dialogs';
import { ViewsMenu, type ViewAction } from './views-menu';

/** The reader's default view, when the list was opened (`openedWith`, its address's query then) and still is with nothing in its address. */
function defaultViewToApply(views: SavedView[], openedWith: string): SavedView | undefined {
  const bare = openedWith === '' && window.location.search === '';
  return bare ? views.find((v) => v.mine && v.isDefault) : undefined;
}

/**
 * Whether the list waits before reading its rows: opened with nothing in its address, it does not
 * know yet whether the reader's default view narrows it (the views are on their way, or the
 * default is about to be applied). Read at once, the whole list would show, then change.
 */
export function useDefaultViewPending(meta: ResourceMeta, state: ListState, active: boolean): boolean {
  const openedWith = useRef(window.location.search);
  const opening = useRef(JSON.stringify(state));
  // The default view to wait for: undefined until the views are read, null once there is none to wait for.
  const awaited = useRef<SavedView | null | undefined>(openedWith.current === '' ? undefined : null);
  const query = useSavedViews(meta.decl.name, active && awaited.current === undefined);
  if (!active || awaited.current === null) return false;
  if (awaited.current === undefined) {
    // Without its views (still coming) the list waits; when they cannot be read, it shows what it has.
    if (query.isPending && query.fetchStatus !== 'idle') return true;
    // Decided as ListViews decides it, in the same render's effect.
    awaited.current = (query.data && defaultViewToApply(query.data, openedWith.current)) ?? null;
  }
  // Until the list shows the default view (it may show it already), or the reader took it elsewhere meanwhile.
  const waits = awaited.current && !showsView(meta.decl, state, awaited.current.state) && JSON.stringify(state) === opening.current;
  if (waits) return true;
  awaited.current = null;
  return false;
}

type Dialog = { kind: 'saveAs' | 'rename' | 'copy' | 'share' | 'delete'; view?: SavedView } | null;

/**
 * The list's saved views (kept on the server, per person): the menu, its dialogs, and the reader's
 * default view written into the address when the list opens with none.
 */
export function ListViews({
  meta,
  state,
  setState,
  prefs,
  setPrefs,
  role,
  defaultPageSize,
}: {
  meta: ResourceMeta;
  state: ListState;
  setState: SetListState;
  prefs: ListPrefs;
  setPrefs: (patch: ListPrefs) => void;
  role: string | undefined;
  defaultPageSize: number;
}) {
  const { decl, t } = meta;
  const query = useSavedViews(decl.name);
  const { create, update, remove } = useSavedViewWrites(decl.name);
  const [chosenId, setChosenId] = useState<string>();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [nameError, setNameError] = useState<string>();
  const views = query.data;
  const roleLabel = (r: string) => t(`users:roles.${r}`, { defaultValue: r });

  const apply = (view: SavedView, replace = false) => {
    setChosenId(view.id);
    if (view.state.columns) setPrefs({ columns: view.state.columns });
    setState(() => listStateOf(decl, view.state, defaultPageSize), { replace });
  };

  // The default view applies to a list opened with nothing in its address (a link with a filter keeps its filter).
  const opened = useRef<string | null>(window.location.search);
  useEffect(() => {
    if (!views || opened.current === null) return;
    const preferred = defaultViewToApply(views, opened.current);
    opened.current = null;
    if (preferred) apply(preferred, true);
    // Once, when the views first arrive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [views]);

  const chosen = views?.find((v) => v.id === chosenId);
  const selected =
    chosen ?? views?.find((v) => v.mine && showsView(decl, state, v.state)) ?? views?.find((v) => showsView(decl, state, v.state));
  const modified = !!selected && !showsView(decl, state, selected.state);

  const fail = (error: unknown) => {
    const issue = toHttpError(error).issues?.name;
    if (issue) setNameError(issueText(t, issue));
    else toast.error(errorText(t, error));
  };
  const done = (message: string) => {
    setDialog(null);
    setNameError(undefined);
    toast.success(t(message));
  };
  const current = () => viewStateOf(decl, state, prefs.columns);

  const onAction = (action: ViewAction, view?: SavedView) => {
    setNameError(undefined);
    if (action === 'update' && view)
      update.mutate({ id: view.id, state: current() }, { onSuccess: () => done('common:views.updated'), onError: fail });
    else if (action === 'toggleDefault' && view)
      update.mutate(
        { id: view.id, isDefault: !view.isDefault },
        { onSuccess: () => done(view.isDefault ? 'common:views.defaultRemoved' : 'common:views.defaultSet'), onError: fail },
      );
    else if (action !== 'update' && action !== 'toggleDefault') setDialog({ kind: action, view });
  };

  const nameDialog =
    dialog && (dialog.kind === 'saveAs' || dialog.kind === 'rename' || dialog.kind === 'copy') ? { ...dialog, kind: dialog.kind } : null;
  const titles = { saveAs: 'common:views.saveTitle', rename: 'common:views.renameTitle', copy: 'common:views.copyTitle' } as const;
  const submitName = (name: string, makeDefault: boolean) => {
    if (!nameDialog) return;
    if (nameDialog.kind === 'rename' && nameDialog.view)
      update.mutate({ id: nameDialog.view.id, name }, { onSuccess: () => done('common:views.renamed'), onError: fail });
    else {
      // A copy of a shared view is of the view as it was shared, not of the list as it is now.
      const viewState = nameDialog.kind === 'copy' && nameDialog.view ? nameDialog.view.state : current();
      create.mutate(
        { name, state: viewState, isDefault: makeDefault },
        {
          onSuccess: (made) => {
            setChosenId(made.id);
            if (nameDialog.kind === 'copy') apply(made);
            done('common:views.saved');
          },
          onError: fail,
        },
      );
    }
  };

  return (
    <>
      <ViewsMenu
        t={t}
        views={views}
        status={query.status}
        onRetry={() => void query.refetch()}
        selected={selected}
        modified={modified}
        canShare={canShareViews(role)}
        roleLabel={roleLabel}
        onApply={(v) => apply(v)}
        onAction={onAction}
      />
      <ViewNameDialog
        t={t}
        open={!!nameDialog}
        title={nameDialog ? t(titles[nameDialog.kind]) : ''}
        initial={
          nameDialog?.kind === 'rename'
            ? (nameDialog.view?.name ?? '')
            : nameDialog?.kind === 'copy'
              ? t('common:views.copyName', { name: nameDialog.view?.name ?? '' })
              : ''
        }
        offerDefault={nameDialog?.kind !== 'rename'}
        pending={create.isPending || update.isPending}
        error={nameError}
        onCancel={() => setDialog(null)}
        onSubmit={submitName}
      />
      <ViewShareDialog
        t={t}
        open={dialog?.kind === 'share'}
        name={dialog?.view?.name ?? ''}
        initial={dialog?.view?.sharedWithRoles ?? NO_ROLES}
        roleLabel={roleLabel}
        pending={update.isPending}
        onCancel={() => setDialog(null)}
        onSubmit={(roles) =>
          dialog?.view &&
          update.mutate({ id: dialog.view.id, sharedWithRoles: roles }, { onSuccess: () => done('common:views.sharedDone'), onError: fail })
        }
      />
      <ConfirmDelete
        open={dialog?.kind === 'delete'}
        title={t('common:views.deleteTitle')}
        message={t('common:views.deleteMessage', { name: dialog?.view?.name ?? '' })}
        pending={remove.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={() =>
          dialog?.view &&
          remove.mutate(dialog.view.id, {
            onSuccess: () => {
              setChosenId(undefined);
              done('common:views.deleted');
            },
            onError: fail,
          })
        }
      />
    </>
  );
}

const NO_ROLES: readonly Role[] = [];

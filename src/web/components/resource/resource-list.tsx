import { useCallback, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { GridRowSelectionModel } from '@mui/x-data-grid';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import { can } from '../../../domain/resources';
import { BULK_MAX } from '../../../domain/state-actions';
import { ownerAllowsWrite, rowAllows } from '../../../domain/resource';
import { useFormatters } from '../../i18n/format';
import { importOffered } from '../import/importable';
import { useAuthContext } from '../../providers/auth-context';
import { closedMonthOf, useClosedMonths } from './closed-month';
import { FilterBar } from './filter-bar';
import { useBulkAction, useBulkActionNames } from './bulk-actions';
import { ArchivedToggle, BulkActions } from './list-bars';
import { ListCards } from './list-cards';
import { statusFields, useFittedColumns, useListColumns, type Row } from './list-columns';
import { ListGrid } from './list-grid';
import { bulkQuery, DEFAULT_PAGE_SIZE } from './list-params';
import { useListPrefs } from './list-prefs';
import { RowDeletionDialogs, useRowDeletion } from './list-row-deletion';
import { ListToolbar } from './list-toolbar';
import { actionOffered } from './state-actions';
import { useListData } from './use-list-data';
import { useListState } from './use-list-state';
import { useResource } from './use-resource';
import { ListViews, useDefaultViewPending } from './views/list-views';

export type ResourceListProps = {
  resource: string;
  /** A fixed filter (an embedded list: a customer's projects); new rows get these values. */
  fixed?: Record<string, string>;
  /** Embedded in another page: no page title, state kept in the page instead of the URL. */
  embedded?: boolean;
  /** Rows to read only (an archived record's related lists): no create, edit or delete. */
  readOnly?: boolean;
};

/** No fixed filter: one object for every render, so that what depends on it stays put. */
const NO_FIXED: Record<string, string> = {};

/**
 * The kit's list: a server-paged, sorted and filtered DataGrid generated from the resource's
 * declaration — on a phone, a card per row (list-cards.tsx) — with the filter bar, export, bulk
 * delete and the declared bulk actions (on the rows picked or the whole filtered list), row click
 * to the detail page and loading, empty and error states.
 */
export function ResourceList({ resource, fixed = NO_FIXED, embedded = false, readOnly = false }: ResourceListProps) {
  const meta = useResource(resource);
  const { decl, t } = meta;
  const { role, user } = useAuthContext();
  const fmt = useFormatters();
  const [prefs, setPrefs] = useListPrefs(user?.id, resource);
  const [state, setState] = useListState(meta, embedded, prefs.pageSize ?? DEFAULT_PAGE_SIZE);
  const allowed = (action: string, r = resource) => can(role, r, action);
  const [selection, setSelection] = useState<GridRowSelectionModel>({ type: 'include', ids: new Set() });
  const deletion = useRowDeletion(meta, resource, () => setSelection({ type: 'include', ids: new Set() }));
  // A page's list (an embedded one keeps no address), for a role the server lets list it, has saved views.
  const hasViews = !embedded && allowed('list');
  const viewPending = useDefaultViewPending(meta, state, hasViews);
  const data = useListData(meta, resource, state, fixed, !viewPending);
  const { query, rows } = data;

  // The Archived view is read-only: its rows open to their page, where Restore is.
  const archivedView = !!state.archived;
  const writable = !archivedView && !readOnly;
  const canEdit = allowed('edit') && writable;
  const canDelete = allowed('delete') && writable;
  const canCreate = allowed('create') && writable;
  const canShow = allowed('show');
  const titleOf = (row: Row) => String(row[decl.recordTitle] ?? '');
  // Rows of a closed month offer no Edit nor Archive, nor rows whose own state refuses them (a paid
  // salary): the server would refuse both.
  const closedMonths = useClosedMonths();
  const canWriteRow = useCallback(
    (row: Row, action: 'edit' | 'delete') =>
      ownerAllowsWrite(decl, user ?? undefined, row) && !closedMonthOf(decl, row, closedMonths) && rowAllows(decl, action, row),
    [decl, user, closedMonths],
  );

  // The declared bulk actions (approve, mark paid) a row's state, month and owner let it take.
  const bulkNames = useBulkActionNames(meta, role).filter(() => writable);
  const rowBulk = useCallback(
    (row: Row) =>
      bulkNames.filter(
        (a) => ownerAllowsWrite(decl, user ?? undefined, row) && actionOffered(decl, role, a, row, closedMonthOf(decl, row, closedMonths)),
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [bulkNames.join(), decl, role, user, closedMonths],
  );
  const selectable = canDelete || bulkNames.length > 0;
  const isRowSelectable = useCallback((row: Row) => canWriteRow(row, 'delete') || rowBulk(row).length > 0, [canWriteRow, rowBulk]);
  const clearSelection = () => setSelection({ type: 'include', ids: new Set() });
  const bulk = useBulkAction(meta, data.labelsOf, clearSelection);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });

  const columns = useListColumns({
    meta,
    fmt,
    role,
    fixed,
    canEdit,
    canDelete,
    canWriteRow,
    editHref: (row) => `${decl.route}/${row.id}/edit${returnQuery()}`,
    showHref: canShow ? (row) => `${decl.route}/${row.id}` : undefined,
    onDelete: (row) => deletion.ask([row]),
  });
  const early = useMemo(() => statusFields(meta), [meta]);
  const { boxRef, visibility } = useFittedColumns(columns, prefs.columns, canEdit, canDelete, early);

  const returnQuery = () => (embedded ? `?returnTo=${encodeURIComponent(window.location.pathname)}` : '');
  const createHref = () => {
    // The fixed values the form takes become its presets (a list fixed on its reader's own rows adds none).
    const sp = new URLSearchParams(Object.entries(fixed).filter(([k]) => decl.fields[k]?.form !== false && !decl.fields[k]?.readOnly));
    if (embedded) sp.set('returnTo', window.location.pathname);
    const qs = sp.toString();
    return `${decl.route}/new${qs ? `?${qs}` : ''}`;
  };
  const selectedRows = rows.filter((r) => (selection.type === 'include' ? selection.ids.has(r.id) : !selection.ids.has(r.id)));
  const filtered = !!state.q || Object.keys(state.filters).length > 0;
  // Every row of a filtered list at once (a month's salaries): offered when the filter narrows it to what one call takes.
  const total = data.total ?? 0;
  const wholeList = filtered && total > 0 && total <= BULK_MAX ? total : undefined;
  const emptyText = t(
    archivedView ? 'common:resource.emptyArchived' : filtered ? 'common:resource.emptyFiltered' : 'common:resource.empty',
    { resource: meta.title },
  );

  return (
    <Box data-testid={`${resource}-list`}>
      <ListToolbar
        meta={meta}
        resource={resource}
        state={state}
        fixed={fixed}
        embedded={embedded}
        fmt={fmt}
        canExport={allowed('export')}
        importHref={writable && !embedded && importOffered(decl, role) ? `${decl.route}/import` : undefined}
        createHref={canCreate ? createHref : undefined}
        views={
          !hasViews ? undefined : (
            <ListViews
              meta={meta}
              state={state}
              setState={setState}
              prefs={prefs}
              setPrefs={setPrefs}
              role={role}
              defaultPageSize={prefs.pageSize ?? DEFAULT_PAGE_SIZE}
            />
          )
        }
      />
      <Card>
        <FilterBar meta={meta} state={state} fixed={fixed} onChange={(next) => setState((now) => ({ ...now, ...next, page: 1 }))} />
        {decl.softDelete && !embedded && (
          <ArchivedToggle
            meta={meta}
            resource={resource}
            on={archivedView}
            onChange={(on) => {
              setSelection({ type: 'include', ids: new Set() });
              setState((now) => ({ ...now, page: 1, archived: on || undefined }));
            }}
          />
        )}
        {selectable && (
          <BulkActions
            meta={meta}
            selected={selectedRows}
            deletable={canDelete ? selectedRows.filter((r) => canWriteRow(r, 'delete')) : []}
            actions={bulkNames}
            wholeList={wholeList}
            onDelete={deletion.ask}
            onAction={(action, rows) =>
              bulk.ask(action, rows === 'all' ? { all: true, count: total, filter: bulkQuery(state, fixed) } : { rows })
            }
          />
        )}
        <Box ref={boxRef}>
          {phone ? (
            <ListCards
              meta={meta}
              fmt={fmt}
              role={role}
              state={state}
              data={data}
              fixed={fixed}
              showHref={canShow ? (row) => `${decl.route}/${row.id}` : undefined}
              editHref={(row) => `${decl.route}/${row.id}/edit${returnQuery()}`}
              canEdit={canEdit}
              canDelete={canDelete}
              canWriteRow={canWriteRow}
              onDelete={(row) => deletion.ask([row])}
              rowActions={rowBulk}
              onAction={(action, row) => bulk.ask(action, { rows: [row] })}
              selectable={selectable ? isRowSelectable : undefined}
              selected={new Set(selectedRows.map((r) => r.id))}
              onToggle={(row, on) => {
                const ids = new Set(selectedRows.map((r) => r.id));
                if (on) ids.add(row.id);
                else ids.delete(row.id);
                setSelection({ type: 'include', ids });
              }}
              emptyText={emptyText}
              onPage={(page) => setState((now) => ({ ...now, page }))}
            />
          ) : (
            <ListGrid
              meta={meta}
              state={state}
              setState={setState}
              setPrefs={setPrefs}
              data={data}
              columns={columns}
              visibility={visibility}
              selection={selection}
              onSelectionChange={setSelection}
              selectable={selectable}
              isRowSelectable={isRowSelectable}
              canShow={canShow}
              archivedView={archivedView}
              filtered={filtered}
            />
          )}
          {/* Below the grid, not in its overlay: a grid may hold only rows and cells (axe). */}
          {canCreate && !filtered && data.settledTotal !== undefined && !query.isFetching && !query.isError && rows.length === 0 && (
            <Stack sx={{ alignItems: 'center', pb: 3 }}>
              <Button component={RouterLink} to={createHref()} variant="outlined" startIcon={<AddIcon />}>
                {meta.t('common:resource.new', { one: meta.one })}
              </Button>
            </Stack>
          )}
        </Box>
      </Card>
      <RowDeletionDialogs meta={meta} deletion={deletion} titleOf={titleOf} />
      {bulk.dialogs}
    </Box>
  );
}

import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useDelete, useDeleteMany, useList } from '@refinedev/core';
import { DataGrid, type GridRowSelectionModel } from '@mui/x-data-grid';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import FormControlLabel from '@mui/material/FormControlLabel';
import Menu from '@mui/material/Menu';
import Switch from '@mui/material/Switch';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { can } from '../../../domain/resources';
import { ownerAllowsWrite } from '../../../domain/resource';
import { useFormatters } from '../../i18n/format';
import { errorText } from '../../i18n/error-text';
import { useAuthContext } from '../../providers/auth-context';
import { useGridLocaleText } from '../../theme';
import { toast } from '../../toast';
import { ErrorState } from '../error-state';
import { ListSkeleton } from '../query-state';
import { downloadExport } from './export';
import { RefLabelsContext, useFittedColumns, useListColumns, type Row } from './list-columns';
import { FilterBar } from './filter-bar';
import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  exportQuery,
  parseListState,
  toCrudFilters,
  toSorters,
  writeListState,
  type ListState,
} from './list-params';
import { useListPrefs } from './list-prefs';
import { refLabelSource, useRefLabelsByResource } from './lookup';
import { useResource } from './use-resource';

// The delete and archive dialogs load when a row is first deleted, not with every list.
const ArchiveDialog = lazy(() => import('./archive').then((m) => ({ default: m.ArchiveDialog })));
const ConfirmDelete = lazy(() => import('./confirm-dialog').then((m) => ({ default: m.ConfirmDelete })));

export type ResourceListProps = {
  resource: string;
  /** A fixed filter (an embedded list: a customer's projects); new rows get these values. */
  fixed?: Record<string, string>;
  /** Embedded in another page: no page title, state kept in the page instead of the URL. */
  embedded?: boolean;
  /** Rows to read only (an archived record's related lists): no create, edit or delete. */
  readOnly?: boolean;
};

/** The list's state: in the URL for a page, in the component for an embedded list. */
function useListState(meta: ReturnType<typeof useResource>, embedded: boolean, defaultSize: number) {
  const [sp, setSp] = useSearchParams();
  const [local, setLocal] = useState(() => new URLSearchParams());
  const source = embedded ? local : sp;
  const state = useMemo(() => parseListState(meta.decl, source, defaultSize), [meta.decl, source, defaultSize]);
  // Each change applies to the state as it is now, not as the last render saw it: the address
  // changes at once but the list re-renders from it in a transition, and a second change made
  // before that (the next page right after a filter) would otherwise drop the first.
  const latestLocal = useRef(local);
  latestLocal.current = local;
  const setState = useCallback(
    (update: (now: ListState) => ListState) => {
      const now = embedded ? latestLocal.current : new URLSearchParams(window.location.search);
      const written = writeListState(meta.decl, update(parseListState(meta.decl, now, defaultSize)), defaultSize);
      if (embedded) {
        latestLocal.current = written;
        setLocal(written);
      } else setSp(written);
    },
    [meta.decl, embedded, setSp, defaultSize],
  );
  return [state, setState] as const;
}

/**
 * The kit's list: a server-paged, sorted and filtered DataGrid generated from the resource's
 * declaration, with the filter bar, export, bulk delete, row click to the detail page and
 * loading, empty and error states.
 */
/** No fixed filter: one object for every render, so that what depends on it stays put. */
const NO_FIXED: Record<string, string> = {};

export function ResourceList({ resource, fixed = NO_FIXED, embedded = false, readOnly = false }: ResourceListProps) {
  const meta = useResource(resource);
  const { decl, t } = meta;
  const { role, user } = useAuthContext();
  const navigate = useNavigate();
  const fmt = useFormatters();
  const [prefs, setPrefs] = useListPrefs(user?.id, resource);
  const [state, setState] = useListState(meta, embedded, prefs.pageSize ?? DEFAULT_PAGE_SIZE);
  const allowed = (action: string, r = resource) => can(role, r, action);
  const [selection, setSelection] = useState<GridRowSelectionModel>({ type: 'include', ids: new Set() });
  const [toDelete, setToDelete] = useState<Row[] | null>(null);
  // Once shown, the dialog stays mounted: it closes with its transition.
  const [deleteAsked, setDeleteAsked] = useState(false);
  if (toDelete && !deleteAsked) setDeleteAsked(true);
  const [exportAnchor, setExportAnchor] = useState<HTMLElement | null>(null);
  const [exporting, setExporting] = useState(false);

  const { result, query } = useList<Row>({
    resource,
    pagination: { currentPage: state.page, pageSize: state.pageSize, mode: 'server' },
    sorters: toSorters(state),
    filters: toCrudFilters(state, fixed),
    liveMode: 'auto',
    // The list itself says what failed, translated, with a retry: no toast besides.
    errorNotification: false,
  });
  const rows = useMemo(() => (query.isError ? [] : result.data), [query.isError, result.data]);
  // The grid mounts with its first total: mounted without one, it clamps the URL's page
  // (page=2 after a reload) to the first; for the same reason a page's load shows the last
  // settled total, not the empty answer's 0.
  const lastTotal = useRef<number | undefined>(undefined);
  // The server's total may be an estimate (docs/decisions/003) below what this page proves.
  const proven = (state.page - 1) * state.pageSize + result.data.length;
  const total = result.total === undefined ? undefined : Math.max(result.total, proven);
  if (total !== undefined && !query.isFetching) lastTotal.current = total;

  // Labels of the page's references: one lookup per referenced resource.
  const refFields = meta.fields.filter(([, f]) => f.list && f.ref && (f.type === 'ref' || f.type === 'refs'));
  const byTarget = new Map<string, string[]>();
  for (const [name, f] of refFields) {
    const ids = rows.flatMap((r) => (Array.isArray(r[name]) ? (r[name] as string[]) : [r[name] as string]));
    const source = refLabelSource(decl, f)!;
    byTarget.set(source, [...(byTarget.get(source) ?? []), ...ids]);
  }
  const labelsOf = useRefLabelsByResource(byTarget);

  // The Archived view is read-only: its rows open to their page, where Restore is.
  const archivedView = !!state.archived;
  const writable = !archivedView && !readOnly;
  const canEdit = allowed('edit') && writable;
  const canDelete = allowed('delete') && writable;
  const canCreate = allowed('create') && writable;
  const canShow = allowed('show');
  const titleOf = (row: Row) => String(row[decl.recordTitle] ?? '');
  const canWriteRow = useCallback((row: Row) => ownerAllowsWrite(decl, user ?? undefined, row), [decl, user]);

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
    onDelete: (row) => setToDelete([row]),
  });
  const opensRow = (field: string) => canShow && field !== '__check__' && field !== 'actions';
  // The grid's models keep their identity while their values do: a new sort model resets the grid to its first page.
  const paginationModel = useMemo(() => ({ page: state.page - 1, pageSize: state.pageSize }), [state.page, state.pageSize]);
  const sortModel = useMemo(() => [{ field: state.sort.field, sort: state.sort.order }], [state.sort.field, state.sort.order]);
  const { boxRef, visibility } = useFittedColumns(columns, prefs.columns, canEdit, canDelete);

  const returnQuery = () => (embedded ? `?returnTo=${encodeURIComponent(window.location.pathname)}` : '');
  const createHref = () => {
    // The fixed values the form takes become its presets (a list fixed on its reader's own rows adds none).
    const sp = new URLSearchParams(Object.entries(fixed).filter(([k]) => decl.fields[k]?.form !== false && !decl.fields[k]?.readOnly));
    if (embedded) sp.set('returnTo', window.location.pathname);
    const qs = sp.toString();
    return `${decl.route}/new${qs ? `?${qs}` : ''}`;
  };

  const { mutate: deleteOne, mutation: deleteOneState } = useDelete();
  const { mutate: deleteMany, mutation: deleteManyState } = useDeleteMany();
  const deleted = () => ({
    type: 'success' as const,
    message: t(decl.softDelete ? 'common:resource.archivedToast' : 'common:notifications.deleteSuccess', { resource: meta.one }),
  });
  const failed = (error?: unknown) => ({ type: 'error' as const, message: errorText(t, error) });
  const confirmDelete = () => {
    if (!toDelete) return;
    const done = { onSettled: () => setToDelete(null), onSuccess: () => setSelection({ type: 'include', ids: new Set() }) };
    if (toDelete.length === 1) deleteOne({ resource, id: toDelete[0]!.id, successNotification: deleted, errorNotification: failed }, done);
    else deleteMany({ resource, ids: toDelete.map((r) => r.id), successNotification: deleted, errorNotification: failed }, done);
  };
  const selectedRows = rows.filter((r) => (selection.type === 'include' ? selection.ids.has(r.id) : !selection.ids.has(r.id)));

  /** The screen's column and value labels in the user's language; left out for a file to re-import (raw keys). */
  const exportLabels = () => {
    const columns: Record<string, string> = {};
    const values: Record<string, Record<string, string>> = {};
    for (const [name, f] of meta.fields) {
      columns[name] = meta.fieldLabel(name);
      // Countries the server names itself, in the screen's locale: their 249 names would not fit an address.
      if (f.type === 'enum' && f.values && f.display !== 'country')
        values[name] = Object.fromEntries(f.values.map((v) => [v, meta.valueLabel(name, v)]));
    }
    return JSON.stringify({ columns, values, locale: fmt.locale });
  };
  const doExport = async (format: 'xlsx' | 'csv', forReimport = false) => {
    setExportAnchor(null);
    setExporting(true);
    try {
      const query = exportQuery(state, format, fixed);
      if (!forReimport) query.set('labels', exportLabels());
      await downloadExport(resource, query);
    } catch (error) {
      toast.error(errorText(t, error));
    } finally {
      setExporting(false);
    }
  };

  const filtered = !!state.q || Object.keys(state.filters).length > 0;
  const localeText = useGridLocaleText({ noRowsLabel: t('common:resource.empty', { resource: meta.title }) });
  const Heading = embedded ? 'h2' : 'h1';

  return (
    <Box data-testid={`${resource}-list`}>
      <Stack
        direction="row"
        sx={{ mb: embedded ? 1.5 : 3, alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
      >
        <Typography variant={embedded ? 'h6' : 'h4'} component={Heading}>
          {meta.title}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {allowed('export') && (
            <>
              <Button
                color="inherit"
                variant="outlined"
                startIcon={<DownloadIcon />}
                loading={exporting}
                onClick={(e) => setExportAnchor(e.currentTarget)}
                aria-haspopup="menu"
              >
                {t('common:resource.export')}
              </Button>
              <Menu anchorEl={exportAnchor} open={!!exportAnchor} onClose={() => setExportAnchor(null)}>
                <MenuItem onClick={() => void doExport('xlsx')}>{t('common:resource.exportXlsx')}</MenuItem>
                <MenuItem onClick={() => void doExport('csv')}>{t('common:resource.exportCsv')}</MenuItem>
                <MenuItem onClick={() => void doExport('xlsx', true)}>{t('common:resource.exportRaw')}</MenuItem>
              </Menu>
            </>
          )}
          {canCreate && (
            <Button component={RouterLink} to={createHref()} variant="contained" startIcon={<AddIcon />}>
              {t('common:resource.new', { one: meta.one })}
            </Button>
          )}
        </Stack>
      </Stack>
      <Card>
        <FilterBar meta={meta} state={state} fixed={fixed} onChange={(next) => setState((now) => ({ ...now, ...next, page: 1 }))} />
        {decl.softDelete && !embedded && (
          <Stack direction="row" sx={{ px: 2, pb: 1, alignItems: 'center' }}>
            <FormControlLabel
              control={
                <Switch
                  checked={archivedView}
                  onChange={(_, on) => {
                    setSelection({ type: 'include', ids: new Set() });
                    setState((now) => ({ ...now, page: 1, archived: on || undefined }));
                  }}
                  slotProps={{ input: { 'aria-describedby': `${resource}-archived-hint` } }}
                />
              }
              label={t('common:resource.archivedView')}
              data-testid="archived-toggle"
            />
            {archivedView && (
              <Typography id={`${resource}-archived-hint`} variant="body2" sx={{ color: 'text.secondary' }}>
                {t('common:resource.archivedHint')}
              </Typography>
            )}
          </Stack>
        )}
        {canDelete && selectedRows.length > 0 && (
          <Stack direction="row" spacing={2} sx={{ px: 2, pb: 1.5, alignItems: 'center' }}>
            <Typography variant="body2">{t('common:resource.selected', { count: selectedRows.length })}</Typography>
            <Button color="error" size="small" startIcon={<DeleteIcon />} onClick={() => setToDelete(selectedRows)}>
              {t('common:resource.deleteSelected')}
            </Button>
          </Stack>
        )}
        <Box ref={boxRef}>
          {query.isError ? (
            <Box sx={{ p: 2 }}>
              <ErrorState error={query.error} onRetry={() => void query.refetch()} />
            </Box>
          ) : lastTotal.current === undefined ? (
            <ListSkeleton rows={6} failureCount={query.failureCount} />
          ) : (
            <RefLabelsContext.Provider value={labelsOf}>
              <DataGrid
                rows={rows}
                columns={columns}
                getRowId={(r) => r.id}
                loading={query.isFetching && !query.isRefetching}
                rowCount={(query.isFetching ? lastTotal.current : total) ?? total ?? 0}
                paginationMode="server"
                sortingMode="server"
                filterMode="server"
                disableColumnFilter
                paginationModel={paginationModel}
                onPaginationModelChange={(m) => {
                  if (m.page === state.page - 1 && m.pageSize === state.pageSize) return;
                  if (m.pageSize !== state.pageSize) setPrefs({ pageSize: m.pageSize });
                  setState((now) => ({ ...now, page: m.pageSize !== now.pageSize ? 1 : m.page + 1, pageSize: m.pageSize }));
                }}
                pageSizeOptions={PAGE_SIZES}
                sortModel={sortModel}
                onSortModelChange={(m) => {
                  const sort = m[0] ? { field: m[0].field, order: m[0].sort ?? ('asc' as const) } : decl.defaultSort;
                  if (sort.field !== state.sort.field || sort.order !== state.sort.order) setState((now) => ({ ...now, page: 1, sort }));
                }}
                columnVisibilityModel={visibility}
                onColumnVisibilityModelChange={(m) => setPrefs({ columns: m })}
                checkboxSelection={canDelete}
                isRowSelectable={({ row }) => canWriteRow(row)}
                disableRowSelectionOnClick
                rowSelectionModel={selection}
                onRowSelectionModelChange={setSelection}
                onCellClick={(p, event) => {
                  // A link in the cell (the title, a reference) navigates itself, to a new tab too.
                  if (!opensRow(p.field) || (event.target as HTMLElement).closest('a')) return;
                  const href = `${decl.route}/${p.id}`;
                  if (event.ctrlKey || event.metaKey) window.open(href, '_blank', 'noopener');
                  else navigate(href);
                }}
                onCellKeyDown={(p, event) => {
                  if (event.key !== 'Enter' || !opensRow(p.field) || (event.target as HTMLElement).closest('a')) return;
                  navigate(`${decl.route}/${p.id}`);
                }}
                autoHeight
                aria-label={meta.title}
                localeText={localeText}
                slots={{
                  noRowsOverlay: () => (
                    <EmptyState
                      text={t(
                        archivedView
                          ? 'common:resource.emptyArchived'
                          : filtered
                            ? 'common:resource.emptyFiltered'
                            : 'common:resource.empty',
                        { resource: meta.title },
                      )}
                    />
                  ),
                }}
                slotProps={{ loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' } }}
                sx={{
                  border: 0,
                  '& .MuiDataGrid-row': { cursor: canShow ? 'pointer' : 'default' },
                  '& .MuiDataGrid-columnHeader--last .MuiDataGrid-columnSeparator': { display: 'none' },
                  '& .MuiDataGrid-overlayWrapper': { minHeight: 160 },
                }}
              />
            </RefLabelsContext.Provider>
          )}
          {/* Below the grid, not in its overlay: a grid may hold only rows and cells (axe). */}
          {canCreate && !filtered && !query.isFetching && !query.isError && rows.length === 0 && (
            <Stack sx={{ alignItems: 'center', pb: 3 }}>
              <Button component={RouterLink} to={createHref()} variant="outlined" startIcon={<AddIcon />}>
                {t('common:resource.new', { one: meta.one })}
              </Button>
            </Stack>
          )}
        </Box>
      </Card>
      {deleteAsked && (
        <Suspense fallback={null}>
          {decl.softDelete && toDelete?.length === 1 ? (
            <ArchiveDialog
              meta={meta}
              open
              id={toDelete[0]!.id}
              name={titleOf(toDelete[0]!)}
              pending={deleteOneState.isPending}
              onCancel={() => setToDelete(null)}
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
              pending={deleteOneState.isPending || deleteManyState.isPending}
              onCancel={() => setToDelete(null)}
              onConfirm={confirmDelete}
              archive={decl.softDelete}
            />
          )}
        </Suspense>
      )}
    </Box>
  );
}

function EmptyState({ text }: { text: string }) {
  return (
    <Stack sx={{ height: 1, alignItems: 'center', justifyContent: 'center', p: 3 }} data-testid="empty-state">
      <Typography sx={{ color: 'text.secondary' }}>{text}</Typography>
    </Stack>
  );
}

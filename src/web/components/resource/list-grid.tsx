import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { DataGrid, type GridColDef, type GridColumnVisibilityModel, type GridRowSelectionModel } from '@mui/x-data-grid';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useGridLocaleText } from '../../theme';
import { ErrorState } from '../error-state';
import { ListSkeleton } from '../query-state';
import { RefLabelsContext, type Row } from './list-columns';
import { PAGE_SIZES, type ListState } from './list-params';
import type { ListPrefs } from './list-prefs';
import type { ResourceMeta } from './use-resource';
import type { ListData } from './use-list-data';
import type { SetListState } from './use-list-state';

/**
 * The list's rows: the failure with a retry, skeleton rows until the first total, then the
 * server-paged and sorted grid, whose rows open their record (a new tab with Ctrl or ⌘).
 */
export function ListGrid({
  meta,
  state,
  setState,
  setPrefs,
  data,
  columns,
  visibility,
  selection,
  onSelectionChange,
  selectable,
  isRowSelectable,
  canShow,
  archivedView,
  filtered,
}: {
  meta: ResourceMeta;
  state: ListState;
  setState: SetListState;
  setPrefs: (patch: ListPrefs) => void;
  data: ListData;
  columns: GridColDef<Row>[];
  visibility: GridColumnVisibilityModel;
  selection: GridRowSelectionModel;
  onSelectionChange: (selection: GridRowSelectionModel) => void;
  /** Rows may be picked for the bulk bar (delete, or a declared bulk action). */
  selectable: boolean;
  /** Whether this row may be picked: a row no bulk action would take (a paid salary) is not. */
  isRowSelectable: (row: Row) => boolean;
  canShow: boolean;
  archivedView: boolean;
  filtered: boolean;
}) {
  const { decl, t } = meta;
  const { query, rows, total, settledTotal, labelsOf } = data;
  const navigate = useNavigate();
  const opensRow = (field: string) => canShow && field !== '__check__' && field !== 'actions';
  // The grid's models keep their identity while their values do: a new sort model resets the grid to its first page.
  const paginationModel = useMemo(() => ({ page: state.page - 1, pageSize: state.pageSize }), [state.page, state.pageSize]);
  const sortModel = useMemo(() => [{ field: state.sort.field, sort: state.sort.order }], [state.sort.field, state.sort.order]);
  const localeText = useGridLocaleText({ noRowsLabel: t('common:resource.empty', { resource: meta.title }) });

  if (query.isError)
    return (
      <Box sx={{ p: 2 }}>
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </Box>
    );
  if (settledTotal === undefined) return <ListSkeleton rows={6} failureCount={query.failureCount} />;
  return (
    <RefLabelsContext.Provider value={labelsOf}>
      <DataGrid
        rows={rows}
        columns={columns}
        getRowId={(r) => r.id}
        loading={query.isFetching && !query.isRefetching}
        rowCount={(query.isFetching ? settledTotal : total) ?? total ?? 0}
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
        checkboxSelection={selectable}
        isRowSelectable={({ row }) => isRowSelectable(row)}
        disableRowSelectionOnClick
        rowSelectionModel={selection}
        onRowSelectionModelChange={onSelectionChange}
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
                archivedView ? 'common:resource.emptyArchived' : filtered ? 'common:resource.emptyFiltered' : 'common:resource.empty',
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
  );
}

function EmptyState({ text }: { text: string }) {
  return (
    <Stack sx={{ height: 1, alignItems: 'center', justifyContent: 'center', p: 3 }} data-testid="empty-state">
      <Typography sx={{ color: 'text.secondary' }}>{text}</Typography>
    </Stack>
  );
}

import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useDelete, type CrudFilter } from '@refinedev/core';
import { useDataGrid } from '@refinedev/mui';
import { DataGrid, type GridColDef, type GridRenderCellParams } from '@mui/x-data-grid';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import { canAccess } from '../../../domain/auth/permissions';
import { useAuthContext } from '../../providers/auth-context';
import { useSettings } from '../../settings';
import { useGridLocaleText } from '../../theme';
import { USER_ROLES, USER_STATUSES, type User } from './user-options';

export const USERS_PAGE_SIZE = 10;
export const USERS_PAGE_SIZE_OPTIONS = [5, 10, 25, 50];

const STATUS_COLORS: Record<string, 'success' | 'warning' | 'default'> = {
  active: 'success',
  pending: 'warning',
  inactive: 'default',
};

/**
 * The two filters show their longest choice whole (Vietnamese 'Trưởng nhóm kinh doanh',
 * 'Ngừng hoạt động'), in rem so they grow with the font size setting.
 */
const FILTER_WIDTH = { role: '15rem', status: '12rem' } as const;

/**
 * The status column holds its chip whole in every language: the longest status of the five,
 * Vietnamese 'Ngừng hoạt động', needs a 155 px cell at the 16 px font size in the widest of
 * the four families (Inter), 179 px at 20 px; this gives 5 px to spare. The cell's padding (20)
 * and the chip's dot and gaps stay put; the label grows with the font size setting (rem).
 */
function statusColumnWidth(fontSize: number): number {
  return Math.ceil(64 + (96 * fontSize) / 16);
}

/**
 * Names, e-mails and titles are written in any script: their own direction decides how
 * they read and where the ellipsis goes (a Latin e-mail in the Arabic grid keeps its
 * start), while the alignment follows the page ('left' is mirrored in right-to-left).
 */
function renderFreeText({ value: raw, formattedValue }: GridRenderCellParams<User, string | null, string>) {
  const value = formattedValue ?? raw;
  if (!value) return null;
  return (
    <Box
      component="span"
      dir="auto"
      title={value}
      sx={{
        display: 'block',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
        textAlign: 'left',
      }}
    >
      {value}
    </Box>
  );
}

export function UserListPage() {
  const { t } = useTranslation('users');
  const { role } = useAuthContext();
  const { fontSize } = useSettings();
  const canCreate = canAccess(role, 'users', 'create');
  const canEdit = canAccess(role, 'users', 'edit');
  const canDelete = canAccess(role, 'users', 'delete');

  const [search, setSearch] = useState('');
  const [roleFilter, setRoleFilter] = useState('');
  const [statusFilter, setStatusFilter] = useState('');
  const [toDelete, setToDelete] = useState<User | null>(null);
  // The theme's DataGrid translations (pagination, menus) plus this page's empty text.
  const localeText = useGridLocaleText({ noRowsLabel: t('list.empty') });

  const { dataGridProps, setFilters, tableQuery } = useDataGrid<User>({
    resource: 'users',
    pagination: { pageSize: USERS_PAGE_SIZE },
    sorters: { initial: [{ field: 'fullName', order: 'asc' }] },
    syncWithLocation: false,
    liveMode: 'auto',
  });

  // Search (debounced) and the two filters go to the server as q, role and status.
  useEffect(() => {
    const timer = setTimeout(() => {
      const filters: CrudFilter[] = [
        { field: 'q', operator: 'eq', value: search.trim() || undefined },
        { field: 'role', operator: 'eq', value: roleFilter || undefined },
        { field: 'status', operator: 'eq', value: statusFilter || undefined },
      ];
      setFilters(
        filters.filter((f) => 'value' in f && f.value !== undefined),
        'replace',
      );
    }, 300);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search, roleFilter, statusFilter]);

  const { mutate: deleteUser, mutation: deleteMutation } = useDelete();

  // The smallest widths add up to less than a 1366 px screen leaves beside the vertical
  // navigation, so the actions column is in view without scrolling sideways.
  const columns = useMemo<GridColDef<User>[]>(
    () => [
      {
        field: 'fullName',
        headerName: t('fields.fullName'),
        flex: 1,
        minWidth: 130,
        renderCell: renderFreeText,
      },
      {
        field: 'email',
        headerName: t('fields.email'),
        flex: 1.2,
        minWidth: 150,
        renderCell: renderFreeText,
      },
      {
        field: 'role',
        headerName: t('fields.role'),
        width: 110,
        valueFormatter: (v: string) => (v ? t(`roles.${v}`) : ''),
        renderCell: renderFreeText,
      },
      {
        field: 'status',
        headerName: t('fields.status'),
        flex: 0.5,
        minWidth: statusColumnWidth(fontSize),
        // Coloured border and dot, label in the text colour: readable on any palette.
        renderCell: ({ value }) =>
          value ? (
            <Chip
              size="small"
              variant="outlined"
              color={STATUS_COLORS[value] ?? 'default'}
              icon={
                <Box
                  component="span"
                  sx={{
                    width: 8,
                    height: 8,
                    borderRadius: '50%',
                    bgcolor: 'currentColor',
                    ml: '8px !important',
                  }}
                />
              }
              label={t(`statuses.${value}`)}
              title={t(`statuses.${value}`)}
              sx={{ '& .MuiChip-label': { color: 'text.primary' } }}
            />
          ) : null,
      },
      {
        field: 'title',
        headerName: t('fields.title'),
        flex: 0.8,
        minWidth: 110,
        renderCell: renderFreeText,
      },
      {
        field: 'level',
        headerName: t('fields.level'),
        width: 96,
        valueFormatter: (v: string) => (v ? t(`levels.${v}`) : ''),
        renderCell: renderFreeText,
      },
      { field: 'joinDate', headerName: t('fields.joinDate'), width: 108 },
      {
        field: 'actions',
        headerName: t('fields.actions'),
        sortable: false,
        filterable: false,
        resizable: false,
        width: 96,
        align: 'right',
        headerAlign: 'right',
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={0.5} sx={{ height: 1, alignItems: 'center', justifyContent: 'flex-end' }}>
            {canEdit && (
              <Tooltip title={t('actions.edit')}>
                <IconButton
                  component={RouterLink}
                  to={`/users/${row.id}/edit`}
                  size="small"
                  aria-label={`${t('actions.edit')} ${row.fullName}`}
                >
                  <EditIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
            {canDelete && (
              <Tooltip title={t('actions.delete')}>
                <IconButton
                  size="small"
                  color="error"
                  onClick={() => setToDelete(row)}
                  aria-label={`${t('actions.delete')} ${row.fullName}`}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </Stack>
        ),
      },
    ],
    [t, canEdit, canDelete, fontSize],
  );

  const confirmDelete = () => {
    if (!toDelete) return;
    deleteUser(
      {
        resource: 'users',
        id: toDelete.id,
        successNotification: () => ({
          type: 'success',
          message: t('notifications.deleted'),
        }),
        errorNotification: (error) => ({
          type: 'error',
          message: error?.message ?? t('notifications.error'),
        }),
      },
      { onSettled: () => setToDelete(null) },
    );
  };

  return (
    <Box>
      <Stack
        direction="row"
        sx={{
          mb: 3,
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          flexWrap: 'wrap',
        }}
      >
        <Typography variant="h4" component="h1">
          {t('list.title')}
        </Typography>
        {canCreate && (
          <Button component={RouterLink} to="/users/new" variant="contained" startIcon={<AddIcon />}>
            {t('actions.new')}
          </Button>
        )}
      </Stack>
      <Card>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ p: 2.5 }}>
          <TextField
            select
            label={t('fields.role')}
            value={roleFilter}
            onChange={(e) => setRoleFilter(e.target.value)}
            sx={{ minWidth: FILTER_WIDTH.role, flexShrink: 0 }}
            slotProps={{
              select: { inputProps: { 'data-testid': 'filter-role' } },
            }}
          >
            <MenuItem value="">{t('list.all')}</MenuItem>
            {USER_ROLES.map((r) => (
              <MenuItem key={r} value={r}>
                {t(`roles.${r}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('fields.status')}
            value={statusFilter}
            onChange={(e) => setStatusFilter(e.target.value)}
            sx={{ minWidth: FILTER_WIDTH.status, flexShrink: 0 }}
          >
            <MenuItem value="">{t('list.all')}</MenuItem>
            {USER_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`statuses.${s}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            fullWidth
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('list.search')}
            slotProps={{
              htmlInput: { 'aria-label': t('list.search') },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon />
                  </InputAdornment>
                ),
              },
            }}
          />
        </Stack>
        <DataGrid
          {...dataGridProps}
          // useDataGrid keeps the last non-zero total; an empty result must show 0.
          rowCount={tableQuery.data?.total === 0 ? 0 : dataGridProps.rowCount}
          columns={columns}
          pageSizeOptions={USERS_PAGE_SIZE_OPTIONS}
          disableColumnFilter
          autoHeight
          getRowId={(row) => row.id}
          aria-label={t('list.title')}
          localeText={localeText}
          sx={{
            border: 0,
            // The last column's separator sits past the grid's edge and makes it
            // scroll sideways by a few pixels; nothing follows it to separate.
            '& .MuiDataGrid-columnHeader--last .MuiDataGrid-columnSeparator': {
              display: 'none',
            },
          }}
        />
      </Card>

      <Dialog open={!!toDelete} onClose={() => setToDelete(null)} aria-labelledby="delete-user-title">
        <DialogTitle id="delete-user-title">{t('delete.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('delete.message', { name: toDelete?.fullName ?? '' })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setToDelete(null)} color="inherit">
            {t('actions.cancel')}
          </Button>
          <Button onClick={confirmDelete} color="error" variant="contained" loading={deleteMutation.isPending} data-testid="confirm-delete">
            {t('actions.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

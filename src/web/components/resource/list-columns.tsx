import { createContext, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { GridColDef, GridColumnVisibilityModel } from '@mui/x-data-grid';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import { can } from '../../../domain/resources';
import { useSettings } from '../../settings';
import type { FieldDecl } from '../../../domain/resource';
import type { Formatters } from '../../i18n/format';
import { RefLink, StatusChip, formatValue } from './field-value';
import { refLabelSource } from './lookup';
import { TagChips } from './tags-input';
import type { ResourceMeta } from './use-resource';

export type Row = Record<string, unknown> & { id: string };

/**
 * Labels of the page's references, read by the cells. They arrive after the rows; passing them
 * through context keeps the columns unchanged, because the grid goes back to the first page
 * whenever its columns change.
 */
export const RefLabelsContext = createContext<(resource: string) => Map<string, string>>(() => new Map());

function RefCell({ resource, source, ids, canShow }: { resource: string; source: string; ids: string[]; canShow: boolean }) {
  const labels = useContext(RefLabelsContext)(source);
  return (
    // Each name ellipsises at its own end: a Latin name in a right-to-left cell would otherwise be clipped at its start.
    <Stack direction="row" spacing={1} sx={{ overflow: 'hidden', minWidth: 0, '& > *': { minWidth: 0, flexShrink: 1 } }}>
      {ids.map((id) => (
        <RefLink key={id} resource={resource} id={id} label={labels.get(id)} canShow={canShow} ellipsis />
      ))}
    </Stack>
  );
}

const actionsWidth = (canEdit: boolean, canDelete: boolean) => (canEdit && canDelete ? 88 : canEdit || canDelete ? 56 : 0);

/**
 * Smallest column widths by type, in px; columns grow with `flex`. Text scales with the font
 * size setting (16 px by default); the cell's padding and a chip's dot and gaps do not.
 */
function minWidth(f: FieldDecl, longestValue: number, fontSize: number): number {
  const scale = fontSize / 16;
  // A country's longest names ("South Georgia & South Sandwich Islands") would widen the column for all: as text.
  if (f.display === 'country') return Math.ceil(110 * scale);
  if (f.type === 'enum') return Math.max(96, Math.ceil((f.colors ? 52 : 24) + longestValue * 7.5 * scale));
  if (f.type === 'email') return Math.ceil(140 * scale);
  if (f.type === 'date') return Math.ceil(100 * scale);
  if (f.type === 'datetime') return Math.ceil(108 * scale);
  // An amount and its currency are never cut: French and Arabic write them longer ("1 234 567,89 $US").
  if (f.type === 'money') return Math.ceil(140 * scale);
  // A yes/no chip: narrower than text, so that a wide list (invoices) still shows every column at 1440 px.
  if (f.type === 'boolean') return Math.ceil(88 * scale);
  if (f.type === 'int' || f.type === 'decimal') return Math.ceil(90 * scale);
  return Math.ceil(110 * scale);
}

/**
 * The list's columns from the declaration: formatted values, status chips, references as links,
 * and a row actions column only for a role that has a row action.
 */
export function useListColumns(o: {
  meta: ResourceMeta;
  fmt: Formatters;
  role: string;
  fixed: Record<string, string>;
  canEdit: boolean;
  canDelete: boolean;
  /** Whether this row lets the user change it (a sale's own customers only): no Edit or Delete on the others. */
  /** Whether this row may be edited or deleted (archived): its owner, its month, its own state. */
  canWriteRow: (row: Row, action: 'edit' | 'delete') => boolean;
  editHref: (row: Row) => string;
  /** The record's page, when the role may open it: its title is then a real link (new tab, copy link). */
  showHref?: (row: Row) => string;
  onDelete: (row: Row) => void;
}): GridColDef<Row>[] {
  const { meta, fmt, role, fixed, canEdit, canDelete, canWriteRow, editHref, showHref, onDelete } = o;
  const { decl, t, fieldLabel, valueLabel } = meta;
  const { fontSize } = useSettings();
  const titleOf = (row: Row) => String(row[decl.recordTitle] ?? '');
  return useMemo<GridColDef<Row>[]>(() => {
    const cols: GridColDef<Row>[] = meta.fields
      .filter(([name, f]) => f.list && !(name in fixed))
      .map(([name, f]) => {
        const values = f.display === 'country' ? [''] : (f.values ?? ['']);
        const longest = Math.max(...values.map((v) => valueLabel(name, v).length), fieldLabel(name).length);
        const col: GridColDef<Row> = {
          field: name,
          headerName: fieldLabel(name),
          sortable: !!f.sort,
          flex: f.type === 'string' || f.type === 'email' ? 1 : 0.6,
          minWidth: minWidth(f, longest, fontSize),
          valueGetter: (_v, row) => formatValue(meta, fmt, name, f, row),
          align: f.type === 'int' || f.type === 'decimal' || f.type === 'money' ? 'right' : 'left',
          headerAlign: f.type === 'int' || f.type === 'decimal' || f.type === 'money' ? 'right' : 'left',
        };
        if (f.type === 'enum' && f.colors)
          col.renderCell = ({ row }) =>
            row[name] ? <StatusChip label={valueLabel(name, row[name])} color={f.colors![String(row[name])] ?? 'default'} /> : null;
        else if (f.type === 'tags')
          col.renderCell = ({ row }) => (
            <Box sx={{ height: 1, display: 'flex', alignItems: 'center', overflow: 'hidden' }}>
              <TagChips nowrap tags={(row[name] as string[] | null) ?? []} />
            </Box>
          );
        else if (f.ref && (f.type === 'ref' || f.type === 'refs'))
          col.renderCell = ({ row }) => (
            <RefCell
              resource={f.ref!.resource}
              source={refLabelSource(decl, f)!}
              ids={(Array.isArray(row[name]) ? row[name] : [row[name]]).filter(Boolean) as string[]}
              canShow={can(role, f.ref!.resource, 'show')}
            />
          );
        else if (name === decl.recordTitle && showHref)
          col.renderCell = ({ row, value }) => (
            <Link
              component={RouterLink}
              to={showHref(row)}
              color="inherit"
              underline="hover"
              dir="auto"
              title={String(value ?? '')}
              // The grid moves focus between cells itself: the link is reached with the cell, and Enter on the cell opens it.
              tabIndex={-1}
              sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontWeight: 600 }}
            >
              {String(value ?? '')}
            </Link>
          );
        else
          col.renderCell = ({ value }) => (
            <Box
              component="span"
              dir="auto"
              title={String(value ?? '')}
              sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            >
              {String(value ?? '')}
            </Box>
          );
        return col;
      });
    if (canEdit || canDelete)
      cols.push({
        field: 'actions',
        headerName: t('common:resource.actions'),
        sortable: false,
        filterable: false,
        resizable: false,
        hideable: false,
        disableColumnMenu: true,
        width: actionsWidth(canEdit, canDelete),
        align: 'right',
        headerAlign: 'right',
        renderCell: ({ row }) => (
          <Stack
            direction="row"
            spacing={0.5}
            sx={{ height: 1, alignItems: 'center', justifyContent: 'flex-end' }}
            onClick={(e) => e.stopPropagation()}
          >
            {canEdit && canWriteRow(row, 'edit') && (
              <Tooltip title={t('common:buttons.edit')}>
                <IconButton
                  component={RouterLink}
                  to={editHref(row)}
                  size="small"
                  aria-label={`${t('common:buttons.edit')} ${titleOf(row)}`}
                >
                  <EditIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
            {canDelete && canWriteRow(row, 'delete') && (
              <Tooltip title={t('common:buttons.delete')}>
                <IconButton
                  size="small"
                  color="error"
                  onClick={() => onDelete(row)}
                  aria-label={`${t('common:buttons.delete')} ${titleOf(row)}`}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </Stack>
        ),
      });
    return cols;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [meta, fmt, canEdit, canDelete, canWriteRow, !!showHref, role, fixed, fontSize]);
}

const NO_FIELDS: ReadonlySet<string> = new Set();

/**
 * The fields a narrow grid keeps before the others: a state shown as a coloured chip and a yes/no
 * flag (an invoice's Status and Overdue) are short and say what a row needs next, where dates and
 * amounts further left would otherwise push them out at 1400 px.
 */
export function statusFields(meta: ResourceMeta): ReadonlySet<string> {
  return new Set(meta.fields.filter(([, f]) => (f.type === 'enum' && !!f.colors) || f.type === 'boolean').map(([name]) => name));
}

/**
 * Columns shown by default: the first column, then the `early` ones (statusFields), then the
 * others in their order, as many as fit the grid's width (390 px phones included), so that the
 * actions stay in view without scrolling sideways; the user's own choices win.
 */
export function useFittedColumns(
  columns: GridColDef<Row>[],
  saved: GridColumnVisibilityModel | undefined,
  canEdit: boolean,
  canDelete: boolean,
  early: ReadonlySet<string> = NO_FIELDS,
) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = boxRef.current;
    if (!el) return;
    const ro = new ResizeObserver(([entry]) => setWidth(Math.round(entry!.contentRect.width)));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const visibility = useMemo<GridColumnVisibilityModel>(() => {
    let room = width - (canDelete ? 50 : 0) - actionsWidth(canEdit, canDelete) - 4;
    const model: GridColumnVisibilityModel = {};
    const rank = (c: GridColDef<Row>, i: number) => (i === 0 ? 0 : early.has(c.field) ? 1 : 2);
    const byRank = columns.map((c, i) => ({ c, i, r: rank(c, i) })).sort((a, b) => a.r - b.r || a.i - b.i);
    for (const { c, i } of byRank) {
      if (c.field === 'actions') continue;
      const fits = i === 0 || room >= (c.minWidth ?? 100);
      if (width > 0 && !fits) model[c.field] = false;
      room -= c.minWidth ?? 100;
    }
    return { ...model, ...saved };
  }, [columns, width, saved, canDelete, canEdit, early]);
  return { boxRef, visibility };
}

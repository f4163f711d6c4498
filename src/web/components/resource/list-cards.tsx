import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import { can } from '../../../domain/resources';
import { titleFields, type FieldDecl } from '../../../domain/resource';
import type { Formatters } from '../../i18n/format';
import { ErrorState } from '../error-state';
import { ListSkeleton } from '../query-state';
import { RefLink, StatusChip, formatValue } from './field-value';
import type { Row } from './list-columns';
import { refLabelSource } from './lookup';
import { recordName } from './record-name';
import { actionSegment } from './state-actions';
import type { ResourceMeta } from './use-resource';
import type { ListData } from './use-list-data';
import type { ListState } from './list-params';

/** The fields a card shows under its title: the declared figures, else the listed fields that are not its title nor a state. */
export function cardFigures(meta: ResourceMeta, fixed: Record<string, string>): [string, FieldDecl][] {
  const { decl } = meta;
  const title = new Set(titleFields(decl));
  const declared = decl.card?.figures;
  const figures = declared
    ? declared.map((name) => [name, decl.fields[name]!] as [string, FieldDecl])
    : meta.fields.filter(([name, f]) => f.list && !title.has(name) && !isState(f));
  return figures.filter(([name]) => !(name in fixed));
}

/** A state shown as a chip: an enum with colours, or a yes/no flag (an invoice's Overdue). */
const isState = (f: FieldDecl) => (f.type === 'enum' && !!f.colors) || f.type === 'boolean';

/**
 * The list on a phone: a card per row instead of a grid's first column and two icons — its name
 * (a link to its page), its states as chips, its key figures, and the actions its rights allow
 * (Edit, Archive, the declared bulk actions its state allows) as buttons a thumb can take; then
 * the page's place with Previous and Next. The same data, selection and actions as the grid.
 */
export function ListCards(o: {
  meta: ResourceMeta;
  fmt: Formatters;
  role: string;
  state: ListState;
  data: ListData;
  fixed: Record<string, string>;
  showHref?: (row: Row) => string;
  editHref: (row: Row) => string;
  canEdit: boolean;
  canDelete: boolean;
  canWriteRow: (row: Row, action: 'edit' | 'delete') => boolean;
  onDelete: (row: Row) => void;
  /** The row's declared bulk actions its state allows ('approve'), each taken on this row alone. */
  rowActions: (row: Row) => string[];
  onAction: (action: string, row: Row) => void;
  /** Selection for the bulk bar: whether a row may be picked, and the picked ids. */
  selectable?: (row: Row) => boolean;
  selected: ReadonlySet<string>;
  onToggle: (row: Row, on: boolean) => void;
  emptyText: string;
  onPage: (page: number) => void;
}) {
  const { meta, fmt, role, state, data, fixed, showHref, editHref, canEdit, canDelete, canWriteRow, onDelete } = o;
  const { decl, t, fieldLabel, valueLabel } = meta;
  const { query, rows, total, settledTotal, labelsOf } = data;
  const figures = cardFigures(meta, fixed);
  const states = meta.fields.filter(([name, f]) => f.list && isState(f) && !(name in fixed));
  const label = (action: string) => t(`${decl.name}:actions.${action}`, { defaultValue: actionSegment(decl, action) });

  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (settledTotal === undefined) return <ListSkeleton rows={4} failureCount={query.failureCount} />;
  const count = total ?? settledTotal;
  const first = count === 0 ? 0 : (state.page - 1) * state.pageSize + 1;
  const last = Math.min(count, state.page * state.pageSize);
  return (
    <Box data-testid="list-cards" aria-busy={query.isFetching}>
      {rows.length === 0 && !query.isFetching ? (
        <Typography sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }} data-testid="empty-state">
          {o.emptyText}
        </Typography>
      ) : (
        <Box component="ul" aria-label={meta.title} sx={{ listStyle: 'none', m: 0, p: 1.5, display: 'grid', gap: 1.5 }}>
          {rows.map((row) => {
            const name = recordName(meta, fmt, labelsOf, row) || '—';
            const actions = o.rowActions(row);
            const edit = canEdit && canWriteRow(row, 'edit');
            const remove = canDelete && canWriteRow(row, 'delete');
            return (
              <Card component="li" key={row.id} variant="outlined" sx={{ p: 1.5 }} data-testid={`card-${row.id}`}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                  {o.selectable?.(row) && (
                    <Checkbox
                      checked={o.selected.has(row.id)}
                      onChange={(_, on) => o.onToggle(row, on)}
                      slotProps={{ input: { 'aria-label': t('common:bulk.select', { name }) } }}
                      sx={{ mt: -0.5, ml: -0.5 }}
                    />
                  )}
                  <Box sx={{ minWidth: 0, flex: 1 }}>
                    <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {showHref ? (
                        <Link component={RouterLink} to={showHref(row)} color="inherit" underline="hover" dir="auto">
                          {name}
                        </Link>
                      ) : (
                        <Box component="span" dir="auto">
                          {name}
                        </Box>
                      )}
                    </Typography>
                    {states.length > 0 && (
                      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }}>
                        {states.map(([field, f]) =>
                          f.type === 'boolean' ? (
                            row[field] === true && <StatusChip key={field} label={fieldLabel(field)} color="error" />
                          ) : row[field] ? (
                            <StatusChip
                              key={field}
                              label={valueLabel(field, row[field])}
                              color={f.colors![String(row[field])] ?? 'default'}
                            />
                          ) : null,
                        )}
                      </Stack>
                    )}
                  </Box>
                </Stack>
                {figures.length > 0 && (
                  <Box component="dl" sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
                    {figures.map(([field, f]) => (
                      <Box key={field} sx={{ display: 'contents' }}>
                        <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                          {fieldLabel(field)}
                        </Typography>
                        <Typography
                          component="dd"
                          variant="body2"
                          sx={{ m: 0, textAlign: 'end', minWidth: 0, overflowWrap: 'anywhere', fontVariantNumeric: 'tabular-nums' }}
                        >
                          <Figure meta={meta} fmt={fmt} role={role} field={field} f={f} row={row} labelsOf={labelsOf} />
                        </Typography>
                      </Box>
                    ))}
                  </Box>
                )}
                {(actions.length > 0 || edit || remove) && (
                  <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
                    {actions.map((a) => (
                      <Button
                        key={a}
                        variant="outlined"
                        onClick={() => o.onAction(a, row)}
                        sx={{ minHeight: 44 }}
                        aria-label={`${label(a)} ${name}`}
                        data-testid={`card-${actionSegment(decl, a)}`}
                      >
                        {label(a)}
                      </Button>
                    ))}
                    {edit && (
                      <IconButton
                        component={RouterLink}
                        to={editHref(row)}
                        aria-label={`${t('common:buttons.edit')} ${name}`}
                        title={t('common:buttons.edit')}
                        sx={{ width: 44, height: 44 }}
                      >
                        <EditIcon />
                      </IconButton>
                    )}
                    {remove && (
                      <IconButton
                        color="error"
                        onClick={() => onDelete(row)}
                        aria-label={`${t('common:buttons.delete')} ${name}`}
                        title={t('common:buttons.delete')}
                        sx={{ width: 44, height: 44 }}
                      >
                        <DeleteIcon />
                      </IconButton>
                    )}
                  </Stack>
                )}
              </Card>
            );
          })}
        </Box>
      )}
      <Stack
        component="nav"
        aria-label={t('common:bulk.pages')}
        direction="row"
        spacing={1}
        sx={{ px: 1.5, pb: 1.5, alignItems: 'center', justifyContent: 'flex-end' }}
      >
        <Typography variant="body2" role="status" sx={{ color: 'text.secondary', flex: 1 }} data-testid="cards-range">
          {t('common:bulk.range', { first: fmt.number(first), last: fmt.number(last), count: count, total: fmt.number(count) })}
        </Typography>
        <IconButton
          onClick={() => o.onPage(state.page - 1)}
          disabled={state.page <= 1}
          aria-label={t('common:bulk.previousPage')}
          sx={{ width: 44, height: 44 }}
        >
          {/* The arrows point the way the reading goes: mirrored in Arabic by the theme's direction. */}
          <NavigateBeforeIcon sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : 'none') }} />
        </IconButton>
        <IconButton
          onClick={() => o.onPage(state.page + 1)}
          disabled={last >= count}
          aria-label={t('common:bulk.nextPage')}
          sx={{ width: 44, height: 44 }}
        >
          <NavigateNextIcon sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : 'none') }} />
        </IconButton>
      </Stack>
    </Box>
  );
}

/** One key figure: a reference as a link to its row, else the value as the list shows it. */
function Figure(p: {
  meta: ResourceMeta;
  fmt: Formatters;
  role: string;
  field: string;
  f: FieldDecl;
  row: Row;
  labelsOf: (source: string) => Map<string, string>;
}) {
  const { meta, fmt, role, field, f, row, labelsOf } = p;
  if (f.ref && (f.type === 'ref' || f.type === 'refs')) {
    const labels = labelsOf(refLabelSource(meta.decl, f)!);
    const ids = (Array.isArray(row[field]) ? (row[field] as string[]) : [row[field] as string]).filter(Boolean);
    if (!ids.length) return <>—</>;
    return (
      <>
        {ids.map((id) => (
          <RefLink key={id} resource={f.ref!.resource} id={id} label={labels.get(id)} canShow={can(role, f.ref!.resource, 'show')} />
        ))}
      </>
    );
  }
  const text = formatValue(meta, fmt, field, f, row);
  return (
    <Box component="span" dir="auto" sx={{ unicodeBidi: 'isolate' }}>
      {text || '—'}
    </Box>
  );
}

import { Fragment, memo, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { styled } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { useTheme } from '@mui/material/styles';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import RemoveIcon from '@mui/icons-material/Remove';
import type { Role } from '../../../domain/auth/permissions';
import type { AccessCell, AccessMatrix } from '../../../domain/modules/access/access.schema';
import { useFormatters } from '../../i18n/format';
import { LAYOUT } from '../../layout/layout-config';
import { ChangeDialog, ResetDialog, type CellTarget } from './access-dialogs';
import { actionWords, groupLikeNavigation, headingAnchor, resourceName } from './access-labels';
import { ScopeNote } from './scope-note';

/** A cell's value as shown: a tick or a dash; a firm's change sits on a tinted disc with a dot. */
export function CellMark({ allowed, changed }: { allowed: boolean; changed: boolean }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        position: 'relative',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: 28,
        height: 28,
        borderRadius: '50%',
        border: changed ? '2px solid' : '2px solid transparent',
        borderColor: changed ? 'warning.main' : 'transparent',
        bgcolor: changed ? 'warning.lighter' : 'transparent',
        color: allowed ? 'success.dark' : 'text.secondary',
      }}
    >
      {allowed ? <CheckIcon fontSize="small" /> : <RemoveIcon fontSize="small" />}
      {changed && (
        <Box
          component="span"
          sx={{ position: 'absolute', top: -4, insetInlineEnd: -4, width: 9, height: 9, borderRadius: '50%', bgcolor: 'warning.dark' }}
        />
      )}
    </Box>
  );
}

type Row = { resource: string; action: string; requires: string[]; cells: AccessCell[] };
type MatrixResource = AccessMatrix['sections'][number]['resources'][number];

/** The table's head sticks under the app's header on wide screens, where the page is the one scroll. */
const WIDE = 'lg' as const;

/**
 * The matrix as one grid: a row per resource action (its label and what it lets one do), a column
 * per role, under headings grouped as the navigation groups them. The page is its one scroll: no box
 * of its own, the roles' header sticking under the app's. Arrow keys move between cells (mirrored
 * right to left), Home/End go to a row's ends, Ctrl+Home/End to the grid's; Enter or Space opens the
 * cell's change.
 */
export function AccessGrid({ matrix }: { matrix: AccessMatrix }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const rtl = useTheme().direction === 'rtl';
  const groups = useMemo(() => groupLikeNavigation(matrix.sections), [matrix]);
  const rows: Row[] = groups.flatMap((g) =>
    g.headings.flatMap((h) => h.resources.flatMap((r) => r.actions.map((a) => ({ resource: r.resource, ...a })))),
  );
  const [focus, setFocus] = useState({ row: 0, col: 0 });
  const [target, setTarget] = useState<CellTarget | null>(null);
  const [resetHeading, setResetHeading] = useState<{ section: string; title: string } | null>(null);
  const cells = useRef(new Map<string, HTMLElement>());
  const roles = matrix.roles;

  const roleLabel = (role: Role) => t(`users:roles.${role}`);
  const actionLabel = (resource: string, action: string) => actionWords(t, resource, action).label;
  const sectionRoles = (section: string) => matrix.sections.find((s) => s.section === section)?.roles ?? [];
  const sectionResources = (section: string) => matrix.sections.find((s) => s.section === section)?.resources.map((r) => r.resource) ?? [];

  const moveTo = (row: number, col: number) => {
    const next = { row: Math.max(0, Math.min(rows.length - 1, row)), col: Math.max(0, Math.min(roles.length - 1, col)) };
    setFocus(next);
    cells.current.get(`${next.row}:${next.col}`)?.focus();
  };
  const open = (row: Row, col: number) =>
    setTarget({ resource: row.resource, action: row.action, requires: row.requires, cell: row.cells[col]! });
  const onKeyDown = (e: KeyboardEvent, index: number, col: number) => {
    const ahead = rtl ? -1 : 1;
    const moves: Record<string, () => void> = {
      ArrowRight: () => moveTo(index, col + ahead),
      ArrowLeft: () => moveTo(index, col - ahead),
      ArrowDown: () => moveTo(index + 1, col),
      ArrowUp: () => moveTo(index - 1, col),
      Home: () => (e.ctrlKey ? moveTo(0, 0) : moveTo(index, 0)),
      End: () => (e.ctrlKey ? moveTo(rows.length - 1, roles.length - 1) : moveTo(index, roles.length - 1)),
      PageDown: () => moveTo(index + 10, col),
      PageUp: () => moveTo(index - 10, col),
      Enter: () => open(rows[index]!, col),
      ' ': () => open(rows[index]!, col),
    };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    move();
  };

  const describe = (row: Row, cell: AccessCell) => {
    const value = t(cell.allowed ? 'access:allowed' : 'access:denied');
    const why = cell.changed
      ? t('access:cell.changed', {
          name: cell.changed.by?.name ?? t('access:someone'),
          date: fmt.dateTime(cell.changed.at),
          note: cell.changed.note,
          default: t(cell.default ? 'access:allowed' : 'access:denied'),
        })
      : t('access:cell.default');
    return `${roleLabel(cell.role)}, ${resourceName(t, row.resource)}, ${actionLabel(row.resource, row.action)}: ${value}. ${why}`;
  };

  // One stable object of handlers, reading the latest state through refs: a focus move re-renders
  // the two cells it concerns, not the whole grid.
  const latest = useRef({ rows, onKeyDown, open });
  latest.current = { rows, onKeyDown, open };
  const events = useMemo<CellEvents>(
    () => ({
      register: (row, col, el) => {
        if (el) cells.current.set(`${row}:${col}`, el);
        else cells.current.delete(`${row}:${col}`);
      },
      focus: (row, col) => setFocus((f) => (f.row === row && f.col === col ? f : { row, col })),
      open: (row, col) => {
        setFocus({ row, col });
        latest.current.open(latest.current.rows[row]!, col);
      },
      keyDown: (e, row, col) => latest.current.onKeyDown(e, row, col),
    }),
    [],
  );

  // Under the app's header (its height once scrolled) and the table's own head.
  const stickyTop = { [WIDE]: LAYOUT.headerHeightMobile };
  const scrollMargin = { xs: LAYOUT.headerHeightMobile + 8, [WIDE]: LAYOUT.headerHeightMobile + 56 };
  let index = -1;
  return (
    <Box sx={{ overflowX: { xs: 'auto', [WIDE]: 'visible' } }}>
      <Table size="small" role="grid" aria-label={t('access:title')} data-testid="access-grid" stickyHeader sx={{ minWidth: 640 }}>
        <TableHead>
          <TableRow>
            <TableCell
              component="th"
              scope="col"
              sx={{
                minWidth: { xs: 150, sm: 220 },
                position: 'sticky',
                insetInlineStart: 0,
                top: stickyTop,
                zIndex: 3,
                bgcolor: 'background.paper',
              }}
            >
              {t('access:action')}
            </TableCell>
            {roles.map((role) => (
              <TableCell key={role} component="th" scope="col" align="center" sx={{ px: 0.5, fontSize: 12, top: stickyTop }}>
                {roleLabel(role)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {groups.map((group) => (
            <Fragment key={group.id}>
              <TableRow>
                <TableCell colSpan={roles.length + 1} sx={{ pt: 3, pb: 1, borderBottom: 2, borderColor: 'divider' }}>
                  <Typography variant="overline" component="h2" sx={{ color: 'text.secondary', fontWeight: 700 }}>
                    {t(group.subheaderKey)}
                  </Typography>
                </TableCell>
              </TableRow>
              {group.headings.map((heading) => {
                const title = t(heading.titleKey);
                const changes = heading.resources.flatMap((r) =>
                  r.actions.flatMap((a) =>
                    a.cells.filter((c) => c.changed).map((c) => ({ resource: r.resource, action: a.action, cell: c })),
                  ),
                );
                // A reset goes by the spec's section: offered where this heading holds all of it.
                const resettable =
                  changes.length > 0 && sectionResources(heading.section).every((r) => heading.resources.some((h) => h.resource === r));
                return (
                  <Fragment key={heading.id}>
                    <TableRow>
                      <TableCell
                        colSpan={roles.length + 1}
                        id={headingAnchor(heading.id)}
                        tabIndex={-1}
                        sx={{ bgcolor: 'action.hover', py: 1.5, scrollMarginTop: scrollMargin, '&:focus-visible': { outline: 'none' } }}
                      >
                        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
                          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
                            {title}
                          </Typography>
                          {resettable && (
                            <Button
                              size="small"
                              color="error"
                              onClick={() => setResetHeading({ section: heading.section, title })}
                              data-testid={`access-reset-${heading.id}`}
                            >
                              {t('access:reset.section')}
                            </Button>
                          )}
                        </Box>
                        {heading.resources.length === 0 && (
                          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                            {t('access:noResources', { roles: sectionRoles(heading.section).map(roleLabel).join(', ') })}
                          </Typography>
                        )}
                        {changes.length > 0 && (
                          <Box component="ul" sx={{ m: 0, mt: 0.5, ps: 2.5 }} data-testid={`access-changes-${heading.id}`}>
                            {changes.map(({ resource, action, cell }) => (
                              <Typography component="li" variant="body2" key={`${resource}:${action}:${cell.role}`} dir="auto">
                                {t('access:changeLine', {
                                  role: roleLabel(cell.role),
                                  resource: resourceName(t, resource),
                                  action: actionLabel(resource, action),
                                  value: t(cell.allowed ? 'access:allowed' : 'access:denied'),
                                  name: cell.changed!.by?.name ?? t('access:someone'),
                                  date: fmt.dateTime(cell.changed!.at),
                                  note: cell.changed!.note,
                                })}
                              </Typography>
                            ))}
                          </Box>
                        )}
                      </TableCell>
                    </TableRow>
                    {heading.resources.map((resource: MatrixResource) => (
                      <Fragment key={resource.resource}>
                        <TableRow>
                          <TableCell colSpan={roles.length + 1} sx={{ py: 1 }}>
                            <Typography variant="subtitle2" component="h4">
                              {resourceName(t, resource.resource)}
                            </Typography>
                            {resource.scope && <ScopeNote scope={resource.scope} />}
                          </TableCell>
                        </TableRow>
                        {resource.actions.map((a) => {
                          index += 1;
                          const rowIndex = index;
                          const row = rows[rowIndex]!;
                          const words = actionWords(t, resource.resource, a.action);
                          return (
                            <TableRow key={a.action} hover>
                              <TableCell
                                component="th"
                                scope="row"
                                sx={{ position: 'sticky', insetInlineStart: 0, bgcolor: 'background.paper', zIndex: 1, fontWeight: 400 }}
                                data-testid={`access-action-${resource.resource}-${a.action}`}
                              >
                                <Box component="span" sx={{ display: 'block', fontWeight: 500 }}>
                                  {words.label}
                                </Box>
                                {words.explanation && (
                                  <Box component="span" sx={{ display: 'block', typography: 'caption', color: 'text.secondary' }}>
                                    {words.explanation}
                                  </Box>
                                )}
                              </TableCell>
                              {a.cells.map((cell, col) => (
                                <GridCell
                                  key={cell.role}
                                  row={rowIndex}
                                  col={col}
                                  cell={cell}
                                  focused={focus.row === rowIndex && focus.col === col}
                                  label={describe(row, cell)}
                                  testId={`access-cell-${cell.role}-${resource.resource}-${a.action}`}
                                  events={events}
                                />
                              ))}
                            </TableRow>
                          );
                        })}
                      </Fragment>
                    ))}
                  </Fragment>
                );
              })}
            </Fragment>
          ))}
        </TableBody>
      </Table>
      <ChangeDialog
        target={target}
        onClose={() => setTarget(null)}
        onDone={() => cells.current.get(`${focus.row}:${focus.col}`)?.focus()}
      />
      <ResetDialog
        open={resetHeading !== null}
        section={resetHeading?.section}
        title={resetHeading?.title}
        onClose={() => setResetHeading(null)}
      />
    </Box>
  );
}

type CellEvents = {
  register: (row: number, col: number, el: HTMLElement | null) => void;
  focus: (row: number, col: number) => void;
  open: (row: number, col: number) => void;
  keyDown: (e: KeyboardEvent, row: number, col: number) => void;
};

const FocusCell = styled(TableCell)(({ theme }) => ({
  // 28 px mark + 16 px: a thumb's 44 px.
  padding: theme.spacing(1, 0.5),
  cursor: 'pointer',
  '&:focus-visible': { outline: `3px solid ${theme.palette.primary.main}`, outlineOffset: -3 },
}));

/** One cell of the grid: focusable when it holds the grid's focus (roving tab index). */
const GridCell = memo(function GridCell(p: {
  row: number;
  col: number;
  cell: AccessCell;
  focused: boolean;
  label: string;
  testId: string;
  events: CellEvents;
}) {
  const { row, col, cell, events } = p;
  return (
    <FocusCell
      role="gridcell"
      align="center"
      tabIndex={p.focused ? 0 : -1}
      ref={(el: HTMLElement | null) => events.register(row, col, el)}
      aria-label={p.label}
      title={cell.changed ? p.label : undefined}
      data-testid={p.testId}
      data-allowed={cell.allowed}
      data-changed={!!cell.changed}
      onClick={() => events.open(row, col)}
      onFocus={() => events.focus(row, col)}
      onKeyDown={(e) => events.keyDown(e, row, col)}
    >
      <CellMark allowed={cell.allowed} changed={!!cell.changed} />
    </FocusCell>
  );
});

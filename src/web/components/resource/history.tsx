import { Link as RouterLink } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FieldDecl } from '../../../domain/resource';
import { can, resourceByName } from '../../../domain/resources';
import { historyFieldsOf } from '../../app/modules';
import type { HistoryField } from '../../app/web-module';
import { useAuthContext } from '../../providers/auth-context';
import { useFormatters, type Formatters } from '../../i18n/format';
import { http } from '../../providers/http';
import { ErrorState } from '../error-state';
import { formatValue } from './field-value';
import { refLabelSource, useRefLabelsByResource } from './lookup';
import type { ResourceMeta } from './use-resource';

export type AuditChange = { field: string; from: unknown; to: unknown };
export type AuditEntry = {
  id: string;
  at: string;
  action: string;
  actor: { id: string; fullName: string } | null;
  changes: AuditChange[];
};

/** Entries per page: a long History is read back a page at a time, newest first. */
export const HISTORY_PAGE = 20;

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "3 hours ago", "hier", "منذ ٥ دقائق": how long ago, in the user's language. */
export function relativeTime(iso: string, locale: string, now = Date.now()): string {
  const diff = Date.parse(iso) - now;
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, ms] of UNITS) if (Math.abs(diff) >= ms) return rtf.format(Math.round(diff / ms), unit);
  return rtf.format(0, 'minute');
}

const blank = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
const refIds = (v: unknown): string[] => (Array.isArray(v) ? (v as string[]) : typeof v === 'string' ? [v] : []);

/**
 * One value of one field as a person reads it: references by their titles, enums in the user's
 * language, dates and money in the locale's format, a file by its name, a secret never.
 */
export function historyValue(
  meta: ResourceMeta,
  fmt: Formatters,
  field: string,
  v: unknown,
  ctx: { labels: (resource: string) => Map<string, string>; currency?: string },
): string {
  if (blank(v)) return '—';
  const f: FieldDecl | undefined = meta.decl.fields[field];
  if (f?.type === 'password') return meta.t('common:resource.historySecret');
  // A file's metadata reads as its name.
  if (typeof v === 'object' && !Array.isArray(v) && typeof (v as { name?: unknown }).name === 'string') return (v as { name: string }).name;
  if (f?.ref && (f.type === 'ref' || f.type === 'refs')) {
    const labels = ctx.labels(refLabelSource(meta.decl, f)!);
    return refIds(v)
      .map((id) => labels.get(id) ?? '…')
      .join(', ');
  }
  if (!f || typeof v === 'object') return Array.isArray(v) ? v.join(', ') : String(typeof v === 'object' ? JSON.stringify(v) : v);
  const record: Record<string, unknown> = { [field]: v };
  if (f.type === 'money' && f.currencyField) record[f.currencyField] = ctx.currency;
  return formatValue(meta, fmt, field, f, record) || String(v);
}

/** A change a module reads itself (historyFields): the row it names, linked, then its value before and after. */
function NamedChange({
  spec,
  change,
  labels,
  meta,
}: {
  spec: HistoryField;
  change: AuditChange;
  labels: Map<string, string>;
  meta: ResourceMeta;
}) {
  const { role } = useAuthContext();
  const side = (v: unknown) => (v && typeof v === 'object' ? (v as Record<string, unknown>) : undefined);
  const from = side(change.from);
  const to = side(change.to);
  const id = String((to ?? from)?.[spec.ref.field] ?? '');
  const value = (s: Record<string, unknown> | undefined) => {
    const v = s?.[spec.value.field];
    if (blank(v)) return '—';
    if (typeof v === 'object' && typeof (v as { name?: unknown }).name === 'string') return (v as { name: string }).name;
    return spec.value.labelKey ? meta.t(`${spec.value.labelKey}.${String(v)}`, { defaultValue: String(v) }) : String(v);
  };
  const name = labels.get(id) ?? '…';
  const route = resourceByName(spec.ref.resource)?.route;
  return (
    <>
      {route && can(role, spec.ref.resource, 'show') ? (
        <Link component={RouterLink} to={`${route}/${id}`}>
          <bdi>{name}</bdi>
        </Link>
      ) : (
        <bdi>{name}</bdi>
      )}
      {spec.whatKey ? ` · ${meta.t(spec.whatKey)}` : ''}
      {`: ${value(from)} → ${value(to)}`}
    </>
  );
}

/** A record's History: who changed what and when, from the audit log, in the reader's language. */
export function History({ meta, id, record }: { meta: ResourceMeta; id: string; record?: Record<string, unknown> }) {
  const { t, decl, fieldLabel } = meta;
  const fmt = useFormatters();
  const query = useInfiniteQuery({
    queryKey: ['audit', decl.name, id],
    initialPageParam: 1,
    queryFn: async ({ pageParam }) =>
      (
        await http.get<{ data: AuditEntry[]; total: number }>('/api/v1/audit', {
          params: { entity: decl.name, entityId: id, page: pageParam, limit: HISTORY_PAGE },
        })
      ).data,
    getNextPageParam: (last, pages) => (pages.length * HISTORY_PAGE < last.total ? pages.length + 1 : undefined),
  });
  const entries = query.data?.pages.flatMap((p) => p.data) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;

  // Every reference the entries name, one lookup per referenced resource (archived rows keep their titles).
  const wanted = new Map<string, string[]>();
  const named = historyFieldsOf(decl.name);
  for (const e of entries)
    for (const c of e.changes) {
      const spec = named[c.field];
      if (spec) {
        const ids = [c.from, c.to].map((v) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[spec.ref.field] : undefined));
        wanted.set(spec.ref.resource, [
          ...(wanted.get(spec.ref.resource) ?? []),
          ...ids.filter((id): id is string => typeof id === 'string'),
        ]);
        continue;
      }
      const f = decl.fields[c.field];
      if (!f?.ref || (f.type !== 'ref' && f.type !== 'refs')) continue;
      const source = refLabelSource(decl, f)!;
      wanted.set(source, [...(wanted.get(source) ?? []), ...refIds(c.from), ...refIds(c.to)]);
    }
  const labels = useRefLabelsByResource(wanted);

  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data)
    return (
      <Stack spacing={1}>
        <Skeleton height={48} />
        <Skeleton height={48} />
      </Stack>
    );
  if (!entries.length) return <Typography sx={{ color: 'text.secondary' }}>{t('common:resource.historyEmpty')}</Typography>;
  // A declared file's field is named as its card names it.
  const slotFields = new Set(Object.values(decl.files ?? {}).map((slot) => slot.field));
  const label = (field: string) => (slotFields.has(field) ? t(`${decl.name}:files.${field}`) : fieldLabel(field));
  return (
    <Box>
      <List data-testid="history" disablePadding>
        {entries.map((e) => {
          // Money reads in the currency the entry set, else the record's.
          const currencyOf = (side: 'from' | 'to', field: string) => {
            const cf = decl.fields[field]?.currencyField;
            if (!cf) return undefined;
            const changed = e.changes.find((c) => c.field === cf);
            return String((changed ? changed[side] : undefined) ?? record?.[cf] ?? 'USD');
          };
          const show = (c: AuditChange, side: 'from' | 'to') =>
            historyValue(meta, fmt, c.field, c[side], { labels, currency: currencyOf(side, c.field) });
          const changes = e.changes.filter((c) => !decl.auditOmit?.includes(c.field));
          return (
            <ListItem key={e.id} divider alignItems="flex-start" disableGutters data-action={e.action}>
              <ListItemText
                primary={
                  <>
                    {t('common:resource.historyLine', {
                      // A soft-deleting resource's "deleted" is an archive.
                      action: t(`common:resource.historyActions.${e.action === 'deleted' && decl.softDelete ? 'archived' : e.action}`, {
                        defaultValue: e.action,
                      }),
                      actor: e.actor?.fullName ?? t('common:resource.system'),
                    })}
                    {' · '}
                    <Box component="time" dateTime={e.at} title={fmt.dateTime(e.at)}>
                      {relativeTime(e.at, fmt.locale)}
                    </Box>
                    <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                      {' · '}
                      {fmt.dateTime(e.at)}
                    </Typography>
                  </>
                }
                secondary={
                  changes.length ? (
                    <Stack component="span" spacing={0.25}>
                      {changes.map((c) => (
                        <span key={c.field} dir="auto" data-field={c.field}>
                          {named[c.field] ? (
                            <NamedChange spec={named[c.field]!} change={c} labels={labels(named[c.field]!.ref.resource)} meta={meta} />
                          ) : e.action === 'created' ? (
                            t('common:resource.historySet', { field: label(c.field), value: show(c, 'to') })
                          ) : (
                            t('common:resource.historyChange', { field: label(c.field), from: show(c, 'from'), to: show(c, 'to') })
                          )}
                        </span>
                      ))}
                    </Stack>
                  ) : null
                }
                slotProps={{ secondary: { component: 'div' } }}
              />
            </ListItem>
          );
        })}
      </List>
      {query.hasNextPage && (
        <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
          <Button
            variant="outlined"
            onClick={() => void query.fetchNextPage()}
            loading={query.isFetchingNextPage}
            data-testid="history-more"
          >
            {t('common:resource.historyMore')}
          </Button>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('common:resource.historyShown', { shown: fmt.number(entries.length), total: fmt.number(total) })}
          </Typography>
        </Stack>
      )}
    </Box>
  );
}

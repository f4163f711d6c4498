import { useQuery } from '@tanstack/react-query';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFormatters } from '../../i18n/format';
import { http } from '../../providers/http';
import { ErrorState } from '../error-state';
import { formatValue } from './field-value';
import type { ResourceMeta } from './use-resource';

type AuditEntry = {
  id: string;
  at: string;
  action: string;
  actor: { id: string; fullName: string } | null;
  changes: { field: string; from: unknown; to: unknown }[];
};

/** A record's History: who changed what and when, from the audit log. */
export function History({ meta, id }: { meta: ResourceMeta; id: string }) {
  const { t, decl, fieldLabel } = meta;
  const fmt = useFormatters();
  const query = useQuery({
    queryKey: ['audit', decl.name, id],
    queryFn: async () =>
      (await http.get<{ data: AuditEntry[] }>('/api/v1/audit', { params: { entity: decl.name, entityId: id } })).data.data,
  });
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data)
    return (
      <Stack spacing={1}>
        <Skeleton height={48} />
        <Skeleton height={48} />
      </Stack>
    );
  if (!query.data.length) return <Typography sx={{ color: 'text.secondary' }}>{t('common:resource.historyEmpty')}</Typography>;
  // A declared file's field is named as its card names it.
  const slotFields = new Set(Object.values(decl.files ?? {}).map((slot) => slot.field));
  const label = (field: string) => (slotFields.has(field) ? t(`${decl.name}:files.${field}`) : fieldLabel(field));
  const show = (field: string, v: unknown) => {
    const f = decl.fields[field];
    if (v === null || v === undefined || v === '') return '—';
    // A file's metadata reads as its name.
    if (typeof v === 'object' && !Array.isArray(v) && typeof (v as { name?: unknown }).name === 'string')
      return (v as { name: string }).name;
    if (!f || typeof v === 'object') return Array.isArray(v) ? v.join(', ') : String(typeof v === 'object' ? JSON.stringify(v) : v);
    return formatValue(meta, fmt, field, f, { [field]: v }) || String(v);
  };
  return (
    <List data-testid="history" disablePadding>
      {query.data.map((e) => (
        <ListItem key={e.id} divider alignItems="flex-start" disableGutters>
          <ListItemText
            primary={t('common:resource.historyLine', {
              action: t(`common:resource.historyActions.${e.action}`, { defaultValue: e.action }),
              actor: e.actor?.fullName ?? t('common:resource.system'),
              at: fmt.dateTime(e.at),
            })}
            secondary={
              e.changes.length ? (
                <Stack component="span" spacing={0.25}>
                  {e.changes
                    .filter((c) => !decl.auditOmit?.includes(c.field))
                    .map((c) => (
                      <span key={c.field} dir="auto">
                        {label(c.field)}: {show(c.field, c.from)} → {show(c.field, c.to)}
                      </span>
                    ))}
                </Stack>
              ) : null
            }
            slotProps={{ secondary: { component: 'div' } }}
          />
        </ListItem>
      ))}
    </List>
  );
}

import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useUrlState } from '../url-state';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useDelete, useOne } from '@refinedev/core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import { can } from '../../../domain/resources';
import { ownerAllowsWrite, rowAllows } from '../../../domain/resource';
import { errorText } from '../../i18n/error-text';
import { useFormatters } from '../../i18n/format';
import { contributionsTo } from '../../app/modules';
import { useAuthContext } from '../../providers/auth-context';
import { versionOf } from '../../providers/data-provider';
import { useToastAvoidance } from '../../toast';
import { ErrorState } from '../error-state';
import { ArchiveDialog, ArchivedBanner } from './archive';
import { ClosedMonthNote, useClosedMonth } from './closed-month';
import { ConfirmDelete } from './confirm-dialog';
import { FieldValue } from './field-value';
import { History as HistoryTab } from './history';
import { recordName, useTitleLabels } from './record-name';
import { ResourceList } from './resource-list';
import { hasReadableFiles, ResourceFiles } from './resource-files';
import { useResource } from './use-resource';

export type RelatedList = { resource: string; filter: Record<string, string> };

export type ResourceShowProps = {
  resource: string;
  id: string;
  /** Lists of other resources that point to this record, each with its fixed filter. */
  related?: RelatedList[];
  /** More tabs a page adds (jobs, headcount, invoices…), after Details; `key` names it in the address. */
  tabs?: { key: string; label: string; content: ReactNode }[];
  /** More of the record's files, under the declared ones in their tab (a candidate's branded CV). */
  filesExtra?: ReactNode;
  /** A page's own buttons beside Edit and Delete (a ticket's status moves, an invoice's send, mark paid…). */
  actions?: ReactNode;
  /** What this row allows beyond the role's rights (a paid invoice is not edited): false hides the button. */
  rights?: { edit?: boolean; delete?: boolean };
  /** Shown at the top of Details, above the fields (an invoice's lines and totals). */
  summary?: ReactNode;
};

/** The kit's detail page: the record's fields, its files, its related lists and its History. */
export function ResourceShow({ resource, id, related = [], tabs = [], filesExtra, actions, rights = {}, summary }: ResourceShowProps) {
  const meta = useResource(resource);
  const { decl, t, fieldLabel } = meta;
  const { role, user } = useAuthContext();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState(false);
  const urlState = useUrlState();
  const actionsRef = useToastAvoidance();
  const { query } = useOne<Record<string, unknown>>({ resource, id, liveMode: 'auto', errorNotification: false });
  const { mutate: remove, mutation } = useDelete();
  const record = query.data?.data;
  // An archived record opens read-only, with its mark and Restore; nothing on the page changes it.
  const archivedAt = decl.softDelete && record?.archivedAt ? String(record.archivedAt) : undefined;
  // Its name as its declaration gives it (a salary: its person and month).
  const fmt = useFormatters();
  const titleLabels = useTitleLabels(meta, record ? [record] : []);
  const title = record ? recordName(meta, fmt, titleLabels, record) : '';
  // A closed month's record changes no more: no Edit nor Archive, and a line saying why.
  const closedMonth = useClosedMonth(decl, record);
  // The row's own state (a paid salary is not archived): the declaration's row rights.
  const rowOk = (action: 'edit' | 'delete') => !record || rowAllows(decl, action, record);
  const allowed = (r: string) => can(role, r, 'show');
  // Rows of others are not this user's to change (a sale on another sale's customer); until the
  // record is in, an owner-scoped role is shown no Edit rather than one that disappears.
  const ownRow = record
    ? ownerAllowsWrite(decl, user ?? undefined, record)
    : !(decl.owner?.roles as readonly string[] | undefined)?.includes(role);

  // Other modules' parts of this page: their related lists and tabs.
  const contributed = useMemo(
    () =>
      contributionsTo(resource).map((c) => ({
        ...c,
        Tab: c.tab ? lazy(() => c.tab!.load().then((C) => ({ default: C }))) : undefined,
      })),
    [resource],
  );

  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const visibleRelated = [
    ...related,
    ...contributed.flatMap((c) => (c.related ? [{ resource: c.from, filter: { [c.related.field]: id } }] : [])),
  ].filter((r) => can(role, r.resource, 'list'));
  // The declared files have a tab of their own: `<resource>:files.tab` names it where the files have a name ("CV").
  const filesTab = hasReadableFiles(resource, role, decl.files)
    ? [
        {
          key: 'files',
          label: t(`${resource}:files.tab`, { defaultValue: t('common:files.tab') }),
          content: record ? (
            <ResourceFiles resource={resource} id={id} record={record} version={() => versionOf(query.data)}>
              {filesExtra}
            </ResourceFiles>
          ) : (
            <Skeleton variant="rounded" height={160} />
          ),
        },
      ]
    : [];
  const allTabs = [
    { key: 'details', label: t('common:resource.details'), content: null as ReactNode },
    ...filesTab,
    ...tabs,
    ...contributed.flatMap(({ tab: x, Tab: Content, from }) =>
      x && Content && can(role, from, x.action)
        ? [
            {
              key: from,
              label: t(x.labelKey),
              content: (
                <Suspense fallback={<Skeleton variant="rounded" height={120} />}>
                  <Content id={id} />
                </Suspense>
              ),
            },
          ]
        : [],
    ),
    { key: 'history', label: t('common:resource.history'), content: null as ReactNode },
  ];
  const historyIndex = allTabs.length - 1;
  // The open tab is in the address (`?tab=history`): a reload or a shared link opens the same one.
  const tabKey = urlState.get('tab', 'details', (v) => allTabs.some((x) => x.key === v));
  const tab = allTabs.findIndex((x) => x.key === tabKey);
  const setTab = (index: number) => urlState.set({ tab: index === 0 ? null : allTabs[index]!.key });

  return (
    <Box data-testid={`${resource}-show`}>
      <Stack direction="row" sx={{ mb: 3, alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Box>
          <Typography variant="overline" sx={{ color: 'text.secondary' }}>
            {meta.one}
          </Typography>
          <Typography variant="h4" component="h1" dir="auto">
            {record ? title : <Skeleton width={240} />}
          </Typography>
        </Box>
        <Stack ref={actionsRef} direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {!archivedAt && actions}
          {!archivedAt && !closedMonth && can(role, resource, 'edit') && rights.edit !== false && rowOk('edit') && ownRow && (
            <Button
              component={RouterLink}
              to={`${decl.route}/${id}/edit?returnTo=${encodeURIComponent(`${decl.route}/${id}`)}`}
              variant="contained"
              startIcon={<EditIcon />}
            >
              {t('common:buttons.edit')}
            </Button>
          )}
          {!archivedAt && !closedMonth && can(role, resource, 'delete') && rights.delete !== false && rowOk('delete') && ownRow && (
            <Button color="error" variant="outlined" startIcon={<DeleteIcon />} onClick={() => setConfirm(true)}>
              {t(decl.softDelete ? 'common:buttons.archive' : 'common:buttons.delete')}
            </Button>
          )}
        </Stack>
      </Stack>
      {archivedAt && <ArchivedBanner meta={meta} id={id} name={title} archivedAt={archivedAt} />}
      {!archivedAt && closedMonth && <ClosedMonthNote month={closedMonth} />}
      <Tabs value={tab} onChange={(_, v: number) => setTab(v)} sx={{ mb: 3 }} variant="scrollable" allowScrollButtonsMobile>
        {allTabs.map((x) => (
          <Tab key={x.key} label={x.label} data-tab={x.key} />
        ))}
      </Tabs>
      {tab === 0 && (
        <Stack spacing={4}>
          {summary}
          <Card sx={{ p: 3 }}>
            <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
              {meta.fields
                .filter(([, f]) => f.type !== 'password')
                .map(([name, f]) => (
                  <Box key={name} data-field={name}>
                    <Typography component="dt" variant="caption" sx={{ color: 'text.secondary' }}>
                      {fieldLabel(name)}
                    </Typography>
                    <Typography component="dd" sx={{ m: 0 }}>
                      {record ? <FieldValue meta={meta} name={name} f={f} record={record} canShow={allowed} /> : <Skeleton width={120} />}
                    </Typography>
                  </Box>
                ))}
            </Box>
          </Card>
          {visibleRelated.map((r) => (
            <ResourceList key={r.resource} resource={r.resource} fixed={r.filter} embedded readOnly={!!archivedAt} />
          ))}
        </Stack>
      )}
      {tab > 0 && tab < historyIndex && allTabs[tab]!.content}
      {tab === historyIndex && (
        <Card sx={{ p: 3 }}>
          <HistoryTab meta={meta} id={id} record={record} />
        </Card>
      )}
      {decl.softDelete ? (
        <ArchiveDialog
          meta={meta}
          open={confirm}
          id={id}
          name={title}
          pending={mutation.isPending}
          onCancel={() => setConfirm(false)}
          onConfirm={() =>
            remove(
              {
                resource,
                id,
                successNotification: () => ({ type: 'success', message: t('common:resource.archiveSuccess', { name: title }) }),
                errorNotification: (e) => ({ type: 'error', message: errorText(t, e) }),
              },
              { onSuccess: () => navigate(decl.route), onSettled: () => setConfirm(false) },
            )
          }
        />
      ) : (
        <ConfirmDelete
          open={confirm}
          title={t('common:resource.deleteTitle', { one: meta.one })}
          message={t('common:resource.deleteMessage', { name: title })}
          pending={mutation.isPending}
          onCancel={() => setConfirm(false)}
          onConfirm={() =>
            remove(
              {
                resource,
                id,
                successNotification: () => ({ type: 'success', message: t('common:notifications.deleteSuccess', { resource: meta.one }) }),
                errorNotification: (e) => ({ type: 'error', message: errorText(t, e) }),
              },
              { onSuccess: () => navigate(decl.route), onSettled: () => setConfirm(false) },
            )
          }
        />
      )}
    </Box>
  );
}

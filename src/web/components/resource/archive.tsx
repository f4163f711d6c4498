import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useInvalidate } from '@refinedev/core';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import RestoreIcon from '@mui/icons-material/RestoreFromTrash';
import { useTranslation } from 'react-i18next';
import { can, resourceByName } from '../../../domain/resources';
import { errorText } from '../../i18n/error-text';
import { useFormatters } from '../../i18n/format';
import { useAuthContext } from '../../providers/auth-context';
import { resourceUrl } from '../../providers/data-provider';
import { http } from '../../providers/http';
import { toast } from '../../toast';
import type { ResourceMeta } from './use-resource';

/** One kind of row that points at a record, as `GET /:id/dependants` answers it. */
export type Dependant = { resource: string; field: string; count: number; live: number | null; filter: Record<string, string[]> };

/** What depends on a record (only the kinds the caller may list), read when the archive dialog opens. */
export function useDependants(resource: string, id: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['dependants', resource, id],
    queryFn: async () => (await http.get<{ data: Dependant[] }>(`${resourceUrl(resource)}/${id}/dependants`)).data.data,
    enabled: enabled && !!id && !!resourceByName(resource)?.dependants?.length,
    staleTime: 0,
  });
}

/** The list page of a kind of dependant, filtered to this record's rows (the live ones where they count). */
export function dependantHref(d: Dependant): string | undefined {
  const decl = resourceByName(d.resource);
  if (!decl) return undefined;
  const sp = new URLSearchParams();
  for (const [key, values] of Object.entries(d.filter)) for (const v of values) sp.append(key, v);
  return `${decl.route}?${sp.toString()}`;
}

/**
 * The archive confirmation of one record: it says "archive", lists what depends on the record with
 * links (Django admin's related objects), and while live rows depend on it says so and offers no
 * Archive button — the server would refuse it (409 `in_use`).
 */
export function ArchiveDialog(props: {
  meta: ResourceMeta;
  open: boolean;
  id?: string;
  name: string;
  pending?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { meta, open, id, name } = props;
  const { decl } = meta;
  const kinds = decl.dependants ?? [];
  const { t } = useTranslation(['common', ...kinds.map((d) => d.resource)]);
  const fmt = useFormatters();
  const { role } = useAuthContext();
  const deps = useDependants(decl.name, id, open);
  const rows = deps.data ?? [];
  const blocking = rows.filter((d) => (d.live ?? 0) > 0);
  const shown = rows.filter((d) => d.count > 0);
  return (
    <Dialog open={open} onClose={props.onCancel} aria-labelledby="archive-dialog-title" data-testid="archive-dialog">
      <DialogTitle id="archive-dialog-title">{t('common:resource.archiveTitle', { one: meta.one })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('common:resource.archiveMessage', { name })}</DialogContentText>
        {kinds.length > 0 && (
          <>
            <Typography variant="subtitle2" sx={{ mt: 2 }}>
              {t('common:resource.dependantsTitle')}
            </Typography>
            {deps.isError ? (
              <Alert severity="warning">{errorText(t, deps.error)}</Alert>
            ) : !deps.data ? (
              <Skeleton height={32} />
            ) : shown.length ? (
              <List dense disablePadding data-testid="archive-dependants">
                {shown.map((d) => {
                  const href = can(role, d.resource, 'list') ? dependantHref(d) : undefined;
                  const text = t('common:resource.dependantCount', { title: t(`${d.resource}:title`), n: fmt.number(d.count) });
                  return (
                    <ListItem key={d.resource} disableGutters dir="auto">
                      {href ? (
                        <Link component={RouterLink} to={href} onClick={props.onCancel}>
                          {text}
                        </Link>
                      ) : (
                        text
                      )}
                      {(d.live ?? 0) > 0 && (
                        <Typography component="span" variant="body2" sx={{ color: 'error.main', ml: 1 }}>
                          {t('common:resource.dependantLive', { n: fmt.number(d.live!) })}
                        </Typography>
                      )}
                    </ListItem>
                  );
                })}
              </List>
            ) : (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('common:resource.dependantsNone')}
              </Typography>
            )}
            {blocking.length > 0 && (
              <Alert severity="error" sx={{ mt: 1 }} data-testid="archive-blocked">
                {t('common:resource.archiveBlocked')}
              </Alert>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel} color="inherit">
          {t('common:buttons.cancel')}
        </Button>
        <Button
          onClick={props.onConfirm}
          color="error"
          variant="contained"
          loading={props.pending}
          disabled={blocking.length > 0 || (kinds.length > 0 && !deps.data && !deps.isError)}
          data-testid="confirm-delete"
        >
          {t('common:buttons.archive')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Undoes an archive: `POST /:id/restore`, then every view of the resource and its History read again. */
export function useRestore(meta: ResourceMeta) {
  const invalidate = useInvalidate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const restore = async (id: string, name: string, onDone?: () => void) => {
    setPending(true);
    try {
      await http.post(`${resourceUrl(meta.decl.name)}/${id}/restore`);
      toast.success(meta.t('common:resource.restoreSuccess', { name }));
      await Promise.all([
        invalidate({ resource: meta.decl.name, invalidates: ['list', 'many', 'detail'], id }),
        queryClient.invalidateQueries({ queryKey: ['audit', meta.decl.name, id] }),
      ]);
      onDone?.();
    } catch (error) {
      toast.error(errorText(meta.t, error));
    } finally {
      setPending(false);
    }
  };
  return { restore, pending };
}

/** The mark of an archived record: when, that it is read-only, and Restore for the roles that archive. */
export function ArchivedBanner({ meta, id, name, archivedAt }: { meta: ResourceMeta; id: string; name: string; archivedAt: string }) {
  const { t, decl } = meta;
  const fmt = useFormatters();
  const { role } = useAuthContext();
  const { restore, pending } = useRestore(meta);
  return (
    <Alert
      severity="warning"
      data-testid="archived-banner"
      sx={{ mb: 3, alignItems: 'center' }}
      action={
        can(role, decl.name, 'delete') ? (
          <Button color="inherit" size="small" startIcon={<RestoreIcon />} loading={pending} onClick={() => void restore(id, name)}>
            {t('common:buttons.restore')}
          </Button>
        ) : undefined
      }
    >
      {t('common:resource.archivedBanner', { one: meta.one, date: fmt.dateTime(archivedAt) })}
    </Alert>
  );
}

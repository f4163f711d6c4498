import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import LinkIcon from '@mui/icons-material/Link';
import type { ShareLink } from '../../../domain/modules/headcounts/headcounts.schema';
import { ErrorState } from '../../components/error-state';
import { ConfirmDialog } from '../../components/resource/confirm-dialog';
import { errorText } from '../../i18n/error-text';
import { useFormatters } from '../../i18n/format';
import { http } from '../../providers/http';
import { toast } from '../../toast';

const DAYS = [7, 30, 90] as const;
/** The page a customer opens; the token rides in the fragment, which browsers never send. */
export const shareUrl = (token: string) => `${window.location.origin}/share/headcount#${token}`;

/** A customer's read-only links to its headcount: make one (shown once), copy it, revoke it. */
export function ShareLinks({ id: customerId }: { id: string }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const client = useQueryClient();
  const [days, setDays] = useState<number>(30);
  const [fresh, setFresh] = useState<string>();
  const [revoking, setRevoking] = useState<ShareLink>();
  const key = ['headcount', 'share-links', customerId];
  const links = useQuery({
    queryKey: key,
    queryFn: async () => (await http.get<ShareLink[]>('/api/v1/headcount/token', { params: { customerId } })).data,
  });
  const create = useMutation({
    mutationFn: async () =>
      (await http.post<ShareLink & { token: string }>('/api/v1/headcount/token', { customerId, expiresInDays: days })).data,
    onSuccess: (link) => {
      setFresh(shareUrl(link.token));
      void client.invalidateQueries({ queryKey: key });
    },
    onError: (e) => toast.error(errorText(t, e)),
  });
  const revoke = useMutation({
    mutationFn: async (id: string) => (await http.delete(`/api/v1/headcount/token/${id}`)).data,
    onSuccess: () => void client.invalidateQueries({ queryKey: key }),
    onError: (e) => toast.error(errorText(t, e)),
    onSettled: () => setRevoking(undefined),
  });
  const copy = async (text: string) => {
    await navigator.clipboard?.writeText(text).catch(() => undefined);
    toast.success(t('headcounts:share.copied'));
  };
  const state = (l: ShareLink) =>
    l.revokedAt
      ? { label: t('headcounts:share.revoked', { date: fmt.date(l.revokedAt) }), color: 'default' as const }
      : new Date(l.expiresAt) < new Date()
        ? { label: t('headcounts:share.expired', { date: fmt.date(l.expiresAt) }), color: 'default' as const }
        : { label: t('headcounts:share.expires', { date: fmt.date(l.expiresAt) }), color: 'success' as const };

  return (
    <Stack spacing={3}>
      <Card sx={{ p: 3 }}>
        <Typography sx={{ mb: 2 }}>{t('headcounts:share.intro')}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            select
            label={t('headcounts:share.days')}
            value={days}
            onChange={(e) => setDays(Number(e.target.value))}
            sx={{ minWidth: 160 }}
          >
            {DAYS.map((d) => (
              <MenuItem key={d} value={d}>
                {fmt.number(d)}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="contained" startIcon={<LinkIcon />} loading={create.isPending} onClick={() => create.mutate()}>
            {t('headcounts:share.create')}
          </Button>
        </Stack>
        {fresh && (
          <Alert
            severity="success"
            sx={{ mt: 2 }}
            action={
              <Button color="inherit" size="small" startIcon={<ContentCopyIcon />} onClick={() => void copy(fresh)}>
                {t('headcounts:share.copy')}
              </Button>
            }
          >
            <Typography variant="body2">{t('headcounts:share.created')}</Typography>
            <Box component="code" data-testid="share-url" sx={{ wordBreak: 'break-all', direction: 'ltr', unicodeBidi: 'isolate' }}>
              {fresh}
            </Box>
          </Alert>
        )}
      </Card>
      <Card sx={{ p: 3 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('headcounts:share.listTitle')}
        </Typography>
        {links.isError ? (
          <ErrorState error={links.error} onRetry={() => void links.refetch()} compact />
        ) : !links.data ? (
          <Skeleton variant="rounded" height={48} />
        ) : !links.data.length ? (
          <Typography sx={{ color: 'text.secondary' }}>{t('headcounts:share.none')}</Typography>
        ) : (
          <List disablePadding data-testid="share-links">
            {links.data.map((l) => {
              const s = state(l);
              const live = !l.revokedAt && new Date(l.expiresAt) >= new Date();
              return (
                <ListItem
                  key={l.id}
                  divider
                  disableGutters
                  secondaryAction={
                    live && (
                      <Button color="error" size="small" onClick={() => setRevoking(l)}>
                        {t('headcounts:share.revoke')}
                      </Button>
                    )
                  }
                >
                  <ListItemText
                    primary={fmt.dateTime(l.createdAt)}
                    secondary={<Chip size="small" label={s.label} color={s.color} variant="outlined" component="span" />}
                  />
                </ListItem>
              );
            })}
          </List>
        )}
      </Card>
      <ConfirmDialog
        open={!!revoking}
        title={t('headcounts:share.revokeTitle')}
        message={t('headcounts:share.revokeMessage')}
        confirmText={t('headcounts:share.revoke')}
        pending={revoke.isPending}
        onCancel={() => setRevoking(undefined)}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
      />
    </Stack>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TicketReply } from '../../../domain/modules/tickets/tickets.schema';
import { useFormatters } from '../../i18n/format';
import { errorText } from '../../i18n/error-text';
import { resourceUrl } from '../../providers/data-provider';
import { http } from '../../providers/http';
import { toast } from '../../toast';

const repliesUrl = (id: string) => `${resourceUrl('tickets')}/${id}/replies`;

/** The ticket's conversation, oldest first, and a reply box for its requester and the desk. */
export function TicketThread({ ticketId, canReply, closed }: { ticketId: string; canReply: boolean; closed: boolean }) {
  const { t } = useTranslation(['tickets', 'common']);
  const fmt = useFormatters();
  const [body, setBody] = useState('');
  // The other side's replies arrive while the page is open (they are notified; the thread reads them again).
  const replies = useQuery({
    queryKey: ['tickets', ticketId, 'replies'],
    queryFn: async () => (await http.get<{ data: TicketReply[] }>(repliesUrl(ticketId))).data.data,
    refetchInterval: 15_000,
  });
  const send = useMutation({
    mutationFn: async () => (await http.post<TicketReply>(repliesUrl(ticketId), { body })).data,
    onSuccess: () => {
      setBody('');
      toast.success(t('tickets:thread.sent'));
      void replies.refetch();
    },
    onError: (e) => toast.error(errorText(t, e)),
  });
  const rows = replies.data ?? [];
  return (
    <Stack spacing={2} data-testid="ticket-thread">
      {rows.length === 0 && !replies.isLoading && <Typography sx={{ color: 'text.secondary' }}>{t('tickets:thread.empty')}</Typography>}
      <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('tickets:thread.title')}>
        {rows.map((r) => (
          <Paper component="li" key={r.id} variant="outlined" sx={{ p: 1.5 }} data-testid="ticket-reply">
            <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
              <bdi>{r.authorName ?? t('common:resource.system')}</bdi> · {fmt.dateTime(r.createdAt)}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{r.body}</Typography>
          </Paper>
        ))}
      </Stack>
      {closed ? (
        <Alert severity="info">{t('tickets:thread.closed')}</Alert>
      ) : (
        canReply && (
          <Box
            component="form"
            onSubmit={(e) => {
              e.preventDefault();
              if (body.trim()) send.mutate();
            }}
          >
            <TextField
              label={t('tickets:thread.label')}
              value={body}
              onChange={(e) => setBody(e.target.value)}
              multiline
              minRows={3}
              fullWidth
              slotProps={{ htmlInput: { maxLength: 5000, 'data-testid': 'ticket-reply-body' } }}
            />
            <Button
              type="submit"
              variant="contained"
              sx={{ mt: 1 }}
              disabled={!body.trim() || send.isPending}
              data-testid="ticket-reply-send"
            >
              {t('tickets:thread.send')}
            </Button>
          </Box>
        )
      )}
    </Stack>
  );
}

/** Asks how the ticket was handled before it is marked resolved: the note is required. */
export function ResolveDialog({
  open,
  pending,
  onClose,
  onResolve,
}: {
  open: boolean;
  pending: boolean;
  onClose: () => void;
  onResolve: (note: string) => void;
}) {
  const { t } = useTranslation('tickets');
  const [note, setNote] = useState('');
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="ticket-resolve-title">
      <Box
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (note.trim()) onResolve(note.trim());
        }}
      >
        <DialogTitle id="ticket-resolve-title">{t('resolve.title')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            required
            label={t('resolve.label')}
            helperText={t('resolve.help')}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            multiline
            minRows={3}
            fullWidth
            margin="dense"
            slotProps={{ htmlInput: { maxLength: 5000, 'data-testid': 'ticket-resolution' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('resolve.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!note.trim() || pending} data-testid="ticket-resolve-confirm">
            {t('resolve.confirm')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

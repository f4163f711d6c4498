import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { z } from 'zod';
import type { LeaveRequest, pendingApprovalSchema } from '../../../domain/modules/leave-requests/leave-requests.schema';
import { QueryState } from '../../components/query-state';
import { errorText } from '../../i18n/error-text';
import { useFormatters } from '../../i18n/format';
import { http, toHttpError } from '../../providers/http';
import { toast } from '../../toast';

type Pending = z.infer<typeof pendingApprovalSchema>;
type Decision = 'approve' | 'reject';
const KEY = ['leave-requests', 'pending-approvals'];

/** The requests waiting for the caller: approve or reject each, with a note (required to reject). */
export function LeaveApprovalsPage() {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const client = useQueryClient();
  const [deciding, setDeciding] = useState<{ request: Pending; decision: Decision }>();
  const [note, setNote] = useState('');
  const pending = useQuery({
    queryKey: KEY,
    queryFn: async () => (await http.get<Pending[]>('/api/leave-requests/pending-approvals')).data,
  });
  const decide = useMutation({
    // Taken on the request as the approver saw it: changed since (412), the list is read again.
    mutationFn: async (d: { id: string; version: string; decision: Decision; note: string }) =>
      (
        await http.post<LeaveRequest>(
          `/api/leave-requests/${d.id}/approve`,
          { decision: d.decision, note: d.note || undefined },
          { headers: { 'If-Match': d.version } },
        )
      ).data,
    onSuccess: (_, d) => {
      toast.success(t(d.decision === 'approve' ? 'leave-requests:approvals.approved' : 'leave-requests:approvals.rejected'));
      setDeciding(undefined);
      void client.invalidateQueries({ queryKey: ['leave-requests'] });
    },
    onError: (e) => {
      toast.error(errorText(t, e));
      if (toHttpError(e).statusCode === 412) {
        setDeciding(undefined);
        void client.invalidateQueries({ queryKey: KEY });
      }
    },
  });
  const open = (request: Pending, decision: Decision) => {
    setNote('');
    setDeciding({ request, decision });
  };
  const noteMissing = deciding?.decision === 'reject' && !note.trim();
  const range = (r: Pending) => (r.startDate === r.endDate ? fmt.date(r.startDate) : `${fmt.date(r.startDate)} – ${fmt.date(r.endDate)}`);
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {t('leave-requests:approvals.title')}
      </Typography>
      <Card>
        <QueryState query={pending} empty={t('leave-requests:approvals.empty')}>
          {(rows) => (
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" data-testid="leave-approvals">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('leave-requests:fields.userId')}</TableCell>
                    <TableCell>{t('leave-requests:fields.type')}</TableCell>
                    <TableCell>{t('leave-requests:approvals.dates')}</TableCell>
                    <TableCell align="right">{t('leave-requests:fields.days')}</TableCell>
                    <TableCell align="right">{t('leave-requests:approvals.billable')}</TableCell>
                    <TableCell>{t('leave-requests:fields.reason')}</TableCell>
                    <TableCell>{t('leave-requests:approvals.level')}</TableCell>
                    <TableCell />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((r) => (
                    <TableRow key={r.id}>
                      <TableCell dir="auto">{r.requester.fullName}</TableCell>
                      <TableCell>{t(`leave-requests:values.type.${r.type}`)}</TableCell>
                      <TableCell>
                        {range(r)}
                        {r.halfDay ? ` (${t(`leave-requests:values.halfDay.${r.halfDay}`)})` : ''}
                      </TableCell>
                      <TableCell align="right">{fmt.number(r.days)}</TableCell>
                      <TableCell align="right">{r.billableDays ? fmt.number(r.billableDays) : '—'}</TableCell>
                      <TableCell dir="auto">{r.reason}</TableCell>
                      <TableCell>{t(r.level === 2 ? 'leave-requests:approvals.second' : 'leave-requests:approvals.first')}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        <Button size="small" color="success" onClick={() => open(r, 'approve')} data-testid={`approve-${r.id}`}>
                          {t('leave-requests:approvals.approve')}
                        </Button>
                        <Button size="small" color="error" onClick={() => open(r, 'reject')} data-testid={`reject-${r.id}`}>
                          {t('leave-requests:approvals.reject')}
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
        </QueryState>
      </Card>
      <Dialog open={!!deciding} onClose={() => setDeciding(undefined)} fullWidth maxWidth="sm">
        <DialogTitle>
          {deciding &&
            t(deciding.decision === 'approve' ? 'leave-requests:approvals.approveTitle' : 'leave-requests:approvals.rejectTitle', {
              name: deciding.request.requester.fullName,
            })}
        </DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={2}
            margin="dense"
            label={t('leave-requests:fields.decisionNote')}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            required={deciding?.decision === 'reject'}
            helperText={deciding?.decision === 'reject' ? t('leave-requests:approvals.noteRequired') : undefined}
            slotProps={{ htmlInput: { maxLength: 1000, 'data-testid': 'decision-note' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={() => setDeciding(undefined)}>
            {t('common:buttons.cancel')}
          </Button>
          <Button
            variant="contained"
            color={deciding?.decision === 'reject' ? 'error' : 'primary'}
            disabled={noteMissing || decide.isPending}
            loading={decide.isPending}
            onClick={() =>
              deciding &&
              decide.mutate({ id: deciding.request.id, version: deciding.request.version, decision: deciding.decision, note: note.trim() })
            }
            data-testid="decision-submit"
          >
            {t(deciding?.decision === 'reject' ? 'leave-requests:approvals.reject' : 'leave-requests:approvals.approve')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

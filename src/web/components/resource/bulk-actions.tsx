import { useState } from 'react';
import { useInvalidate } from '@refinedev/core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { bulkActions } from '../../../domain/state-actions';
import { can } from '../../../domain/resources';
import { errorText } from '../../i18n/error-text';
import { useFormatters } from '../../i18n/format';
import { http } from '../../providers/http';
import { toast } from '../../toast';
import { ConfirmDialog } from './confirm-dialog';
import { StatusChip } from './field-value';
import type { Row } from './list-columns';
import { recordName, recordParams, useTitleLabels, type LabelsOf } from './record-name';
import { actionSegment } from './state-actions';
import type { ResourceMeta } from './use-resource';

/** The rows a bulk action is asked for: rows picked (a card's own button is one), or every row of the list's filter. */
export type BulkScope = { rows: Row[] } | { all: true; count: number; filter: URLSearchParams };

type Refusal = { id: string; record: Row | null; statusCode: number; code: string; message: string; issues?: object; details?: object };
type BulkAnswer = { done: string[]; refused: Refusal[] };

/** The declared bulk actions this role may take on this resource ('approve', 'markPaid'). */
export function useBulkActionNames(meta: ResourceMeta, role: string | undefined): string[] {
  return bulkActions(meta.decl.states).filter((a) => can(role, meta.decl.name, a));
}

/** An action's words: `<resource>:actions.<action>` (its button), and its confirmations and results beside it. */
const actionLabel = (meta: ResourceMeta, action: string) =>
  meta.t(`${meta.decl.name}:actions.${action}`, { defaultValue: actionSegment(meta.decl, action) });

/**
 * A declared bulk action asked, confirmed and sent: one row is named in its confirmation with its
 * own values ("Approve Nguyễn Văn A's salary for November 2026 — net 53 219 384 ₫?"), many are
 * counted; the server checks each row, and what it refused is listed with its reason.
 */
export function useBulkAction(meta: ResourceMeta, labelsOf: LabelsOf, onDone: () => void) {
  const { decl, t } = meta;
  const fmt = useFormatters();
  const invalidate = useInvalidate();
  const [asked, setAsked] = useState<{ action: string; scope: BulkScope } | null>(null);
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<{ action: string; answer: BulkAnswer } | null>(null);

  const one = asked && 'rows' in asked.scope && asked.scope.rows.length === 1 ? asked.scope.rows[0]! : undefined;
  const count = !asked ? 0 : 'rows' in asked.scope ? asked.scope.rows.length : asked.scope.count;

  async function run() {
    if (!asked) return;
    const { action, scope } = asked;
    setPending(true);
    try {
      const url = `${decl.base}/${decl.path}/bulk/${actionSegment(decl, action)}`;
      const { data } =
        'rows' in scope
          ? await http.post<BulkAnswer>(url, { ids: scope.rows.map((r) => r.id) })
          : await http.post<BulkAnswer>(`${url}?${scope.filter.toString()}`, { all: true });
      if (data.refused.length) setResult({ action, answer: data });
      else
        toast.success(
          t(`${decl.name}:actions.${action}DoneMany`, {
            count: data.done.length,
            defaultValue: t('common:bulk.done', { count: data.done.length, action: actionLabel(meta, action) }),
          }),
        );
      onDone();
    } catch (error) {
      toast.error(errorText(t, error));
    } finally {
      setPending(false);
      setAsked(null);
      await invalidate({ resource: decl.name, invalidates: ['list', 'many', 'detail'] });
    }
  }

  const dialogs = (
    <>
      {asked && (
        <ConfirmDialog
          open
          title={
            one
              ? t('common:bulk.titleOne', { action: actionLabel(meta, asked.action), name: recordName(meta, fmt, labelsOf, one) })
              : t('common:bulk.titleMany', { action: actionLabel(meta, asked.action), count })
          }
          message={
            one
              ? t(`${decl.name}:actions.${asked.action}Confirm`, {
                  ...recordParams(meta, fmt, labelsOf, one),
                  defaultValue: t('common:bulk.confirmOne', { name: recordName(meta, fmt, labelsOf, one) }),
                })
              : t(`${decl.name}:actions.${asked.action}ConfirmMany`, {
                  count,
                  defaultValue: t('common:bulk.confirmMany', { count }),
                })
          }
          confirmText={actionLabel(meta, asked.action)}
          confirmColor="primary"
          pending={pending}
          onCancel={() => setAsked(null)}
          onConfirm={() => void run()}
          testId="bulk-confirm"
        />
      )}
      {result && <BulkSummary meta={meta} action={result.action} answer={result.answer} onClose={() => setResult(null)} />}
    </>
  );
  return { ask: (action: string, scope: BulkScope) => setAsked({ action, scope }), dialogs };
}

/** What a bulk action did and what it refused, each refused row by name, with its state and the server's reason in the reader's language. */
function BulkSummary({ meta, action, answer, onClose }: { meta: ResourceMeta; action: string; answer: BulkAnswer; onClose: () => void }) {
  const { decl, t } = meta;
  const fmt = useFormatters();
  const records = answer.refused.flatMap((r) => (r.record ? [r.record] : []));
  const labels = useTitleLabels(meta, records);
  const status = decl.states?.field;
  const statusDecl = status ? decl.fields[status] : undefined;
  return (
    <Dialog open onClose={onClose} aria-labelledby="bulk-summary-title" fullWidth maxWidth="sm" data-testid="bulk-summary">
      <DialogTitle id="bulk-summary-title">{t('common:bulk.summaryTitle', { action: actionLabel(meta, action) })}</DialogTitle>
      <DialogContent>
        <Alert severity={answer.done.length ? 'success' : 'info'} sx={{ mb: 2 }} data-testid="bulk-summary-done">
          {t(`${decl.name}:actions.${action}DoneMany`, {
            count: answer.done.length,
            defaultValue: t('common:bulk.done', { count: answer.done.length, action: actionLabel(meta, action) }),
          })}
        </Alert>
        <Typography component="h3" variant="subtitle1" sx={{ mb: 1 }}>
          {t('common:bulk.refused', { count: answer.refused.length })}
        </Typography>
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }} data-testid="bulk-summary-refused">
          {answer.refused.map((r) => (
            <Box component="li" key={r.id} sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography component="span" dir="auto" sx={{ fontWeight: 600, unicodeBidi: 'isolate' }}>
                  {r.record ? recordName(meta, fmt, labels, r.record) : t('common:bulk.unknownRow')}
                </Typography>
                {r.record && status && statusDecl?.colors && (
                  <StatusChip
                    label={meta.valueLabel(status, r.record[status])}
                    color={statusDecl.colors[String(r.record[status])] ?? 'default'}
                  />
                )}
              </Box>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {errorText(t, r)}
              </Typography>
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained" data-testid="bulk-summary-close">
          {t('common:bulk.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

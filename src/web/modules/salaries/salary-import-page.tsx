import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useInvalidate } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { z } from 'zod';
import { salariesResource } from '../../../domain/modules/salaries/salaries.resource';
import type {
  ImportRecord,
  importExecuteSchema,
  importPreviewSchema,
  importValidationSchema,
} from '../../../domain/modules/salaries/salaries.schema';
import { can } from '../../../domain/resources';
import { downloadFile, fileNameOf, saveBlob } from '../../components/download';
import { ConfirmDialog } from '../../components/resource/confirm-dialog';
import { PermissionDeniedView } from '../../components/permission-denied';
import { errorText, issueText } from '../../i18n/error-text';
import { useFormatters } from '../../i18n/format';
import { http, toHttpError } from '../../providers/http';
import { useAuthContext } from '../../providers/auth-context';
import { toast } from '../../toast';
import { downloadMonth, thisMonth } from './salary-list-page';

type Validation = z.infer<typeof importValidationSchema>;
type Preview = z.infer<typeof importPreviewSchema>;
type Executed = z.infer<typeof importExecuteSchema>;
const base = `/api/v1/${salariesResource.path}`;
const STEPS = ['month', 'validate', 'preview', 'done'] as const;

/**
 * The import as four steps: the month and its sheet; the file checked (every problem of every row,
 * and its rows with their errors to download); what it would change (per person, and the month's
 * totals before and after); applied all at once. Each step's heading takes the focus, so that a
 * keyboard or screen reader user follows the stepper; the past imports are listed below.
 */
export function SalaryImportPage() {
  const { t } = useTranslation(['salaries', 'common', 'validation', 'errors']);
  const { role } = useAuthContext();
  const invalidate = useInvalidate();
  const [step, setStep] = useState(0);
  const [month, setMonth] = useState(thisMonth);
  const [file, setFile] = useState<File | null>(null);
  const [validation, setValidation] = useState<Validation | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [result, setResult] = useState<Executed | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [confirm, setConfirm] = useState(false);
  const [history, setHistory] = useState<ImportRecord[]>([]);
  const heading = useRef<HTMLHeadingElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const refusal = (e: unknown) => {
    const issue = Object.values((toHttpError(e).issues ?? {}) as Record<string, { code: string; params?: Record<string, string> }>)[0];
    return issue ? issueText(t, issue) : errorText(t, e);
  };
  const loadHistory = () =>
    http
      .get<ImportRecord[]>(`${base}/imports`)
      .then((r) => setHistory(r.data))
      .catch(() => setHistory([]));
  useEffect(() => {
    void loadHistory();
  }, []);
  useEffect(() => {
    heading.current?.focus();
  }, [step]);

  if (!can(role, 'salaries', 'import')) return <PermissionDeniedView role={role} />;

  const form = () => {
    const data = new FormData();
    data.append('file', file!);
    return data;
  };
  // Our client sends JSON by default; the browser writes the multipart boundary itself.
  const multipart = { 'Content-Type': 'multipart/form-data' };
  async function act(name: string, fn: () => Promise<void>) {
    setBusy(name);
    setError('');
    try {
      await fn();
    } catch (e) {
      setError(refusal(e));
    } finally {
      setBusy(null);
    }
  }
  const validate = () =>
    act('validate', async () => {
      setValidation(null);
      const res = await http.post<Validation>(`${base}/import/validate`, form(), { params: { month }, headers: multipart });
      setValidation(res.data);
    });
  const downloadErrors = () =>
    act('errors', async () => {
      const res = await http.post<Blob>(`${base}/import/errors`, form(), { params: { month }, responseType: 'blob', headers: multipart });
      saveBlob(res.data, fileNameOf(res.headers['content-disposition'] as string | undefined, 'salaries-errors.xlsx'));
    });
  const toPreview = () =>
    act('preview', async () => {
      const res = await http.post<Preview>(`${base}/import/preview`, form(), { params: { month }, headers: multipart });
      setPreview(res.data);
      setStep(2);
    });
  const execute = () =>
    act('execute', async () => {
      setConfirm(false);
      const res = await http.post<Executed>(`${base}/import/execute`, form(), {
        params: { month, previewToken: preview!.previewToken },
        headers: multipart,
      });
      setResult(res.data);
      setStep(3);
      toast.success(t(res.data.applied ? 'salaries:import.applied' : 'salaries:import.replayed'));
      await invalidate({ resource: 'salaries', invalidates: ['list'] });
      await loadHistory();
    });
  const restart = () => {
    setStep(0);
    setFile(null);
    setValidation(null);
    setPreview(null);
    setResult(null);
    setError('');
  };

  const title = (key: string) => (
    <Typography variant="h6" component="h2" tabIndex={-1} ref={heading} sx={{ outline: 'none', mb: 2 }} data-testid="import-step-title">
      {t(`salaries:import.steps.${key}`)}
    </Typography>
  );
  const nav = (children: ReactNode) => (
    <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 3, flexWrap: 'wrap' }}>
      {children}
    </Stack>
  );

  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('salaries:import.title')}
      </Typography>
      <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }} aria-label={t('salaries:import.title')}>
        {STEPS.map((s) => (
          <Step key={s}>
            <StepLabel>{t(`salaries:import.steps.${s}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Card sx={{ p: { xs: 2, sm: 3 } }}>
        {step === 0 && (
          <>
            {title('month')}
            <Typography sx={{ mb: 2 }}>{t('salaries:import.monthHint')}</Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <TextField
                type="month"
                label={t('salaries:import.month')}
                value={month}
                onChange={(e) => setMonth(e.target.value)}
                required
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'import-month' } }}
              />
              <Button
                variant="outlined"
                disabled={!month}
                loading={busy === 'template'}
                onClick={() => void act('template', () => downloadMonth(month))}
                data-testid="import-template"
              >
                {t('salaries:import.downloadTemplate')}
              </Button>
            </Stack>
            {nav(
              <Button variant="contained" disabled={!month} onClick={() => setStep(1)} data-testid="import-next">
                {t('salaries:import.next')}
              </Button>,
            )}
          </>
        )}

        {step === 1 && (
          <>
            {title('validate')}
            <Typography sx={{ mb: 2 }}>{t('salaries:import.fileHint', { month })}</Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <Button variant="outlined" onClick={() => fileInput.current?.click()} data-testid="import-choose">
                {t('salaries:import.chooseFile')}
              </Button>
              <input
                ref={fileInput}
                type="file"
                hidden
                accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                data-testid="import-file"
                aria-label={t('salaries:import.chooseFile')}
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  setValidation(null);
                  setError('');
                  e.target.value = '';
                }}
              />
              <Typography dir="auto" data-testid="import-file-name" sx={{ overflowWrap: 'anywhere' }}>
                {file?.name ?? t('salaries:import.noFile')}
              </Typography>
              <Button
                variant="contained"
                disabled={!file}
                loading={busy === 'validate'}
                onClick={() => void validate()}
                data-testid="import-validate"
              >
                {t('salaries:import.validate')}
              </Button>
            </Stack>
            {validation && (
              <Box sx={{ mt: 3 }} data-testid="import-validation">
                {validation.errors.length === 0 ? (
                  <Alert severity="success">{t('salaries:import.valid', { rows: validation.rows })}</Alert>
                ) : (
                  <>
                    <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                      {t('salaries:import.invalid', {
                        rows: validation.rows,
                        count: validation.errors.length,
                        bad: new Set(validation.errors.map((e) => e.row)).size,
                      })}
                    </Alert>
                    <Box sx={{ overflowX: 'auto' }}>
                      <Table size="small" aria-label={t('salaries:import.errorsTable')} data-testid="import-errors">
                        <TableHead>
                          <TableRow>
                            <TableCell>{t('salaries:import.cols.row')}</TableCell>
                            <TableCell>{t('salaries:import.cols.column')}</TableCell>
                            <TableCell>{t('salaries:import.cols.value')}</TableCell>
                            <TableCell>{t('salaries:import.cols.problem')}</TableCell>
                          </TableRow>
                        </TableHead>
                        <TableBody>
                          {validation.errors.slice(0, 500).map((e, i) => (
                            <TableRow key={i}>
                              <TableCell>{e.row}</TableCell>
                              <TableCell>{columnLabel(t, e.column)}</TableCell>
                              <TableCell dir="auto" sx={{ overflowWrap: 'anywhere' }}>
                                {e.value ?? '—'}
                              </TableCell>
                              <TableCell>{issueText(t, { code: e.code, params: e.params })}</TableCell>
                            </TableRow>
                          ))}
                        </TableBody>
                      </Table>
                    </Box>
                    <Button
                      sx={{ mt: 2 }}
                      variant="outlined"
                      loading={busy === 'errors'}
                      onClick={() => void downloadErrors()}
                      data-testid="import-download-errors"
                    >
                      {t('salaries:import.downloadErrors')}
                    </Button>
                  </>
                )}
              </Box>
            )}
            {nav(
              <>
                <Button onClick={() => setStep(0)}>{t('salaries:import.back')}</Button>
                <Button
                  variant="contained"
                  disabled={!validation || validation.errors.length > 0}
                  loading={busy === 'preview'}
                  onClick={() => void toPreview()}
                  data-testid="import-preview"
                >
                  {t('salaries:import.toPreview')}
                </Button>
              </>,
            )}
          </>
        )}

        {step === 2 && preview && (
          <>
            {title('preview')}
            <PreviewView preview={preview} />
            {nav(
              <>
                <Button onClick={() => setStep(1)}>{t('salaries:import.back')}</Button>
                <Button
                  variant="contained"
                  disabled={preview.counts.create + preview.counts.update === 0}
                  loading={busy === 'execute'}
                  onClick={() => setConfirm(true)}
                  data-testid="import-execute"
                >
                  {t('salaries:import.execute')}
                </Button>
              </>,
            )}
          </>
        )}

        {step === 3 && result && (
          <>
            {title('done')}
            <Alert severity="success" data-testid="import-result">
              {t(result.applied ? 'salaries:import.applied' : 'salaries:import.replayed')}{' '}
              {t('salaries:import.countsLine', result.import.counts)}
            </Alert>
            {nav(
              <>
                <Button
                  variant="contained"
                  component={RouterLink}
                  to={`/salary?month=${result.import.month}`}
                  data-testid="import-see-month"
                >
                  {t('salaries:import.seeMonth', { month: result.import.month })}
                </Button>
                <Button onClick={restart}>{t('salaries:import.again')}</Button>
              </>,
            )}
          </>
        )}

        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }} data-testid="import-error">
            {error}
          </Alert>
        )}
      </Card>

      <ImportHistory history={history} />

      {confirm && preview && (
        <ConfirmDialog
          open
          title={t('salaries:import.execute')}
          message={t('salaries:import.executeConfirm', {
            month: preview.month,
            create: preview.counts.create,
            update: preview.counts.update,
          })}
          confirmText={t('salaries:import.execute')}
          pending={busy === 'execute'}
          onCancel={() => setConfirm(false)}
          onConfirm={() => void execute()}
          testId="import-execute-confirm"
        />
      )}
    </Box>
  );
}

type T = (key: string, options?: Record<string, unknown>) => string;
const columnLabel = (t: T, column: string) =>
  column === 'email' || column === 'name' ? t(`salaries:import.cols.${column}`) : t(`salaries:fields.${column}`);

/** Counts, the month's totals before and after, and each person's change, field by field. */
function PreviewView({ preview }: { preview: Preview }) {
  const { t } = useTranslation(['salaries']);
  const fmt = useFormatters();
  const currencies = [...new Set([...Object.keys(preview.totals.before), ...Object.keys(preview.totals.after)])].sort();
  const changed = preview.changes.filter((c) => c.action !== 'unchanged');
  const value = (field: string, v: string | null, currency: string) =>
    v === null ? '—' : field === 'currency' ? v : fmt.money(v, currency);
  return (
    <Box data-testid="import-preview-view">
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
        {(['create', 'update', 'unchanged'] as const).map((k) => (
          <Chip
            key={k}
            color={k === 'create' ? 'success' : k === 'update' ? 'info' : 'default'}
            label={t(`salaries:import.counts.${k}`, { count: preview.counts[k] })}
            data-testid={`import-count-${k}`}
          />
        ))}
      </Stack>
      <Box sx={{ overflowX: 'auto', mb: 3 }}>
        <Table size="small" aria-label={t('salaries:import.totals')} data-testid="import-totals">
          <TableHead>
            <TableRow>
              <TableCell>{t('salaries:fields.currency')}</TableCell>
              <TableCell align="right">{t('salaries:import.before')}</TableCell>
              <TableCell align="right">{t('salaries:import.after')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {currencies.map((c) => (
              <TableRow key={c}>
                <TableCell>{c}</TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {fmt.money(preview.totals.before[c] ?? '0', c)}
                </TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {fmt.money(preview.totals.after[c] ?? '0', c)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {changed.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('salaries:import.changes')} data-testid="import-changes">
            <TableHead>
              <TableRow>
                <TableCell>{t('salaries:fields.userId')}</TableCell>
                <TableCell>{t('salaries:import.action')}</TableCell>
                <TableCell>{t('salaries:import.fieldsChanged')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {changed.slice(0, 500).map((c) => (
                <TableRow key={c.userId}>
                  <TableCell dir="auto">
                    {c.name}
                    <Typography variant="caption" component="div" color="text.secondary" dir="ltr">
                      {c.email}
                    </Typography>
                  </TableCell>
                  <TableCell>{t(`salaries:import.actions.${c.action}`)}</TableCell>
                  <TableCell>
                    {c.fields
                      .filter((f) => c.action === 'update' || f.new !== '0')
                      .map((f) => (
                        <div key={f.field}>
                          {t(`salaries:fields.${f.field}`)}: {c.action === 'update' && <bdi>{value(f.field, f.old, c.currency)} → </bdi>}
                          <bdi>{value(f.field, f.new, c.currency)}</bdi>
                        </div>
                      ))}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}

/** The imports kept: who, when, the file (downloadable) and what it did. */
function ImportHistory({ history }: { history: ImportRecord[] }) {
  const { t } = useTranslation(['salaries', 'errors']);
  const fmt = useFormatters();
  if (!history.length) return null;
  return (
    <Card sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('salaries:import.history')}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" data-testid="import-history">
          <TableHead>
            <TableRow>
              <TableCell>{t('salaries:import.cols.when')}</TableCell>
              <TableCell>{t('salaries:import.cols.who')}</TableCell>
              <TableCell>{t('salaries:import.month')}</TableCell>
              <TableCell>{t('salaries:import.cols.file')}</TableCell>
              <TableCell>{t('salaries:import.cols.counts')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {history.map((h) => (
              <TableRow key={h.id}>
                <TableCell>{fmt.dateTime(h.createdAt)}</TableCell>
                <TableCell dir="auto">{h.createdByName ?? '—'}</TableCell>
                <TableCell>{h.month}</TableCell>
                <TableCell>
                  <Button
                    size="small"
                    sx={{ textTransform: 'none', overflowWrap: 'anywhere' }}
                    title={`SHA-256 ${h.sha256}`}
                    onClick={() =>
                      void downloadFile(`${base}/imports/${h.id}/file`, { fallbackName: h.fileName }).catch((e: unknown) =>
                        toast.error(errorText(t, e)),
                      )
                    }
                  >
                    {h.fileName}
                  </Button>
                </TableCell>
                <TableCell>{t('salaries:import.countsLine', h.counts)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Card>
  );
}

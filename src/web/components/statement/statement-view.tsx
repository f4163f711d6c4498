import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDecimalLocale } from '../../../domain/money';
import { resourceByName } from '../../../domain/resources';
import { termKey, type StatementDetail, type StatementInput, type StatementLine, type StatementQuestion } from '../../../domain/statements';
import { ErrorState } from '../error-state';
import { errorText } from '../../i18n/error-text';
import { useFormatters } from '../../i18n/format';
import { http } from '../../providers/http';
import { toast } from '../../toast';

/** What a calculation names as missing, in words. */
const MISSING: Record<string, string> = { targets: 'statements:noTargets', plan: 'statements:noPlan' };

/** A server's word on a statement in the reader's language; a label of the data (a metric's, a name) as written. */
export function termText(t: TFunction, text: string): string {
  if (MISSING[text]) return t(MISSING[text]);
  const key = termKey(text);
  return key ? t(`statements:terms.${key}`) : text;
}

/** Where an input's source row opens: its resource's detail page. */
export function sourceHref(input: StatementInput): string | undefined {
  const decl = input.source && resourceByName(input.source.resource);
  return decl ? `${decl.route}/${input.source!.id}` : undefined;
}

/**
 * A statement as its reader checks it (decision 022): each line with its formula and amount, the
 * rows it counts (each a link), what is missing, what changed since approval, and the questions on
 * each line — asked by anyone who reads it, answered by those who may (`canAnswer`).
 */
export function StatementView({ url, unit, canAnswer }: { url: string; unit: string; canAnswer: boolean }) {
  const { t } = useTranslation(['statements', 'errors', 'validation']);
  const fmt = useFormatters();
  const qc = useQueryClient();
  const key = ['statement', url];
  const query = useQuery({ queryKey: key, queryFn: async () => (await http.get<StatementDetail>(`${url}/statement`)).data });
  const figure = (value: string) => (unit === 'percent' ? `${formatDecimalLocale(value, fmt.locale)} %` : fmt.money(value, unit));

  if (query.isPending) return <Skeleton variant="rounded" height={240} />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const s = query.data;
  const refresh = () => void qc.invalidateQueries({ queryKey: key });
  return (
    <Stack spacing={2}>
      {s.missing.length > 0 && (
        <Alert severity="warning" data-testid="statement-missing">
          {t('statements:missing', { missing: s.missing.map((m) => termText(t, m)).join(', ') })}
        </Alert>
      )}
      {s.changedSinceApproval && (
        <Alert severity="info" data-testid="statement-changed">
          <Typography variant="subtitle2">
            {t('statements:changed', {
              before: figure(s.changedSinceApproval.totalBefore),
              now: figure(s.changedSinceApproval.totalNow),
              difference: figure(s.changedSinceApproval.difference),
            })}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {s.changedSinceApproval.inputs.map((c) => (
              <li key={c.key}>
                <bdi>{termText(t, c.label)}</bdi>: <bdi>{c.before === null ? '—' : formatDecimalLocale(c.before, fmt.locale)}</bdi> →{' '}
                <bdi>{c.now === null ? '—' : formatDecimalLocale(c.now, fmt.locale)}</bdi>
              </li>
            ))}
          </Box>
          <Typography variant="caption">{t('statements:changedNote')}</Typography>
        </Alert>
      )}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('statements:lines')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('statements:line')}</TableCell>
              <TableCell>{t('statements:formula')}</TableCell>
              <TableCell align="right">{t('statements:amount')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {s.lines.map((line) => (
              <LineRows
                key={line.key}
                line={line}
                inputs={s.inputs.filter((i) => i.line === line.key && i.source)}
                questions={s.questions.filter((q) => q.line === line.key)}
                amount={figure(line.amount)}
                url={url}
                canAnswer={canAnswer}
                onChange={refresh}
              />
            ))}
            <TableRow>
              <TableCell colSpan={2} sx={{ fontWeight: 700 }}>
                {t('statements:total')}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 700 }} data-testid="statement-total">
                {figure(s.total)}
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </Box>
    </Stack>
  );
}

function LineRows(props: {
  line: StatementLine;
  inputs: StatementInput[];
  questions: StatementQuestion[];
  amount: string;
  url: string;
  canAnswer: boolean;
  onChange: () => void;
}) {
  const { line, inputs, questions, amount, url, canAnswer, onChange } = props;
  const { t } = useTranslation(['statements', 'errors', 'validation']);
  const fmt = useFormatters();
  const [asking, setAsking] = useState(false);
  // A negative adjustment takes back what an earlier period paid: a clawback; a carry recovers a negative period.
  const label =
    line.kind === 'reweight'
      ? t('statements:reweight')
      : line.kind === 'adjustment'
        ? t(line.amount.startsWith('-') ? 'statements:clawback' : 'statements:adjustment', { period: line.label })
        : line.kind === 'carry'
          ? t('statements:carry', { period: line.label })
          : termText(t, line.label);
  return (
    <>
      <TableRow data-testid={`statement-line-${line.key}`}>
        <TableCell sx={{ verticalAlign: 'top' }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }} dir="auto">
            {label}
          </Typography>
          {inputs.length > 0 && (
            <Box
              component="ul"
              sx={{ m: 0, pl: 2, maxHeight: 160, overflowY: 'auto' }}
              aria-label={t('statements:counted', { count: inputs.length })}
            >
              {inputs.map((i) => {
                const href = sourceHref(i);
                return (
                  <li key={i.key}>
                    <Typography variant="caption">
                      {href ? (
                        <Link component={RouterLink} to={href} dir="auto">
                          {termText(t, i.label)}
                        </Link>
                      ) : (
                        <bdi>{termText(t, i.label)}</bdi>
                      )}{' '}
                      <bdi>{formatDecimalLocale(i.value, fmt.locale)}</bdi>
                    </Typography>
                  </li>
                );
              })}
            </Box>
          )}
        </TableCell>
        <TableCell sx={{ verticalAlign: 'top' }}>
          {/* A formula reads left to right in every language. */}
          <Typography variant="body2" component="code" dir="ltr" sx={{ fontFamily: 'monospace', whiteSpace: 'pre-wrap' }}>
            {line.formula}
          </Typography>
          <Box>
            {!asking && (
              <Button size="small" onClick={() => setAsking(true)} data-testid={`ask-${line.key}`}>
                {t('statements:ask')}
              </Button>
            )}
          </Box>
          {asking && <QuestionForm url={`${url}/questions`} line={line.key} onDone={() => (setAsking(false), onChange())} />}
          {questions.map((q) => (
            <QuestionBlock key={q.id} q={q} url={url} canAnswer={canAnswer} onChange={onChange} />
          ))}
        </TableCell>
        <TableCell align="right" sx={{ verticalAlign: 'top', whiteSpace: 'nowrap' }}>
          <bdi>{amount}</bdi>
        </TableCell>
      </TableRow>
    </>
  );
}

function QuestionForm({ url, line, onDone }: { url: string; line: string; onDone: () => void }) {
  const { t } = useTranslation(['statements', 'errors', 'validation']);
  const [text, setText] = useState('');
  const ask = useMutation({
    mutationFn: async () => http.post(url, { line, text }),
    onSuccess: () => (toast.success(t('statements:asked')), onDone()),
    onError: (e) => toast.error(errorText(t, e)),
  });
  return (
    <Stack spacing={1} sx={{ my: 1 }}>
      <TextField
        size="small"
        multiline
        minRows={2}
        label={t('statements:question')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'question-text', maxLength: 2000 } }}
      />
      <Stack direction="row" spacing={1}>
        <Button
          size="small"
          variant="contained"
          disabled={!text.trim() || ask.isPending}
          onClick={() => ask.mutate()}
          data-testid="question-send"
        >
          {t('statements:send')}
        </Button>
        <Button size="small" onClick={onDone}>
          {t('statements:cancel')}
        </Button>
      </Stack>
    </Stack>
  );
}

function QuestionBlock({ q, url, canAnswer, onChange }: { q: StatementQuestion; url: string; canAnswer: boolean; onChange: () => void }) {
  const { t } = useTranslation(['statements', 'errors', 'validation']);
  const fmt = useFormatters();
  const [text, setText] = useState('');
  const answer = useMutation({
    mutationFn: async () => http.post(`${url}/questions/${q.id}/answer`, { text }),
    onSuccess: () => (toast.success(t('statements:answered')), onChange()),
    onError: (e) => toast.error(errorText(t, e)),
  });
  return (
    <Box
      sx={{ mt: 1, p: 1, borderInlineStart: 3, borderColor: q.answer ? 'success.main' : 'warning.main', bgcolor: 'action.hover' }}
      data-testid="question"
    >
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        <bdi>{q.askedBy.name}</bdi> · {fmt.dateTime(q.askedAt)}
      </Typography>
      <Typography variant="body2" dir="auto">
        {q.text}
      </Typography>
      {q.answer ? (
        <>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('statements:answerBy', { name: q.answeredBy?.name ?? '' })} · {fmt.dateTime(q.answeredAt)}
          </Typography>
          <Typography variant="body2" dir="auto" data-testid="question-answer">
            {q.answer}
          </Typography>
        </>
      ) : canAnswer ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
          <TextField
            size="small"
            fullWidth
            label={t('statements:answer')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'answer-text', maxLength: 2000 } }}
          />
          <Button
            size="small"
            variant="contained"
            disabled={!text.trim() || answer.isPending}
            onClick={() => answer.mutate()}
            data-testid="answer-send"
          >
            {t('statements:reply')}
          </Button>
        </Stack>
      ) : (
        <Typography variant="caption" sx={{ color: 'warning.main' }}>
          {t('statements:awaiting')}
        </Typography>
      )}
    </Box>
  );
}

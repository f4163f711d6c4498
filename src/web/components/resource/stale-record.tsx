import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useFormatters } from '../../i18n/format';
import { toHttpError } from '../../providers/session';
import { FieldValue } from './field-value';
import type { ResourceMeta } from './use-resource';

type Values = Record<string, unknown>;

/** The server's 412 `stale_record`: who changed the record the form loaded, when, and the record now. */
export type StaleRecord = {
  changedBy: { id: string; name: string } | null;
  changedAt: string;
  current: Values;
  version: string;
};

/** The stale-record details of an error, if it is one. */
export function staleRecordOf(error: unknown): StaleRecord | undefined {
  const e = toHttpError(error);
  if (e.statusCode !== 412 || e.code !== 'stale_record') return undefined;
  const d = e.details as Partial<StaleRecord> | undefined;
  if (!d || typeof d.version !== 'string' || !d.current || typeof d.current !== 'object') return undefined;
  return { changedBy: d.changedBy ?? null, changedAt: String(d.changedAt ?? ''), current: d.current, version: d.version };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields the other person changed: where the record now differs from the one the form loaded. */
export function fieldsTheyChanged(fields: readonly string[], loaded: Values, current: Values): string[] {
  return fields.filter((f) => !same(loaded[f], current[f]));
}

/**
 * Someone saved the record while this form was open: their values beside the user's for each
 * field they changed, and the two ways on — take their version (the user's input is dropped) or
 * save the user's over it, deliberately.
 */
export function StaleRecordPanel(props: {
  meta: ResourceMeta;
  fields: readonly string[];
  loaded: Values;
  yours: Values;
  stale: StaleRecord;
  pending: boolean;
  onReload: () => void;
  onOverwrite: () => void;
}) {
  const { meta, fields, loaded, yours, stale, pending } = props;
  const { t, fieldLabel, decl } = meta;
  const fmt = useFormatters();
  const changed = fieldsTheyChanged(fields, loaded, stale.current);
  const who = stale.changedBy?.name ?? t('common:resource.stale.someone');
  const value = (name: string, record: Values) => (
    <FieldValue meta={meta} name={name} f={decl.fields[name] ?? { type: 'string' }} record={record} canShow={() => false} />
  );
  return (
    <Alert
      severity="warning"
      sx={{ mb: 3, '& .MuiAlert-message': { flex: 1, minWidth: 0 }, '& .MuiAlert-icon': { display: { xs: 'none', sm: 'flex' } } }}
      data-testid="stale-record"
      role="alert"
    >
      <AlertTitle>{t('common:resource.stale.title', { name: who, at: fmt.dateTime(stale.changedAt), one: meta.one })}</AlertTitle>
      {changed.length ? (
        <Table
          size="small"
          aria-label={t('common:resource.stale.tableLabel')}
          // On a phone the three columns share the width and long values wrap rather than clip.
          sx={{ my: 1, tableLayout: 'fixed', '& th, & td': { overflowWrap: 'anywhere', px: { xs: 1, sm: 2 } } }}
        >
          <TableHead>
            <TableRow>
              <TableCell>{t('common:resource.stale.field')}</TableCell>
              <TableCell>{t('common:resource.stale.theirs', { name: who })}</TableCell>
              <TableCell>{t('common:resource.stale.yours')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {changed.map((f) => (
              <TableRow key={f} data-testid={`stale-${f}`}>
                <TableCell component="th" scope="row">
                  {fieldLabel(f)}
                </TableCell>
                <TableCell data-testid={`stale-${f}-theirs`}>{value(f, stale.current)}</TableCell>
                <TableCell data-testid={`stale-${f}-yours`}>{value(f, yours)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <Typography variant="body2" sx={{ my: 1 }}>
          {t('common:resource.stale.noFieldChanged')}
        </Typography>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
        <Button variant="outlined" color="inherit" onClick={props.onReload} disabled={pending} data-testid="stale-reload">
          {t('common:resource.stale.reload')}
        </Button>
        <Button variant="contained" color="warning" onClick={props.onOverwrite} loading={pending} data-testid="stale-overwrite">
          {t('common:resource.stale.overwrite')}
        </Button>
      </Stack>
    </Alert>
  );
}

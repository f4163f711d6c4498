import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ACTION_COLOR, ImportChangesTable, type ValueText } from './import-changes-table';
import { ImportStepNav, ImportStepTitle } from './import-step-frame';
import { IMPORT_ACTIONS, type ImportAction, type ImportPreview } from './import-types';
import { IMPORT_NAMESPACES, type ImportState } from './use-import';

/**
 * What the sheet would change: the counts (each a toggle of its rows in the table), what a module
 * adds (the salaries' totals), each row's record and its fields old → new; applying it is asked for
 * (and confirmed) only when it changes something, with the upload's progress while it runs.
 */
export function ImportPreviewStep({
  imp,
  preview,
  title,
  recordHeader,
  fieldLabel,
  valueText,
  extra,
  onBack,
}: {
  imp: ImportState;
  preview: ImportPreview;
  title: string;
  recordHeader: string;
  fieldLabel: (field: string) => string;
  valueText: ValueText;
  extra?: ReactNode;
  onBack: () => void;
}) {
  const { t } = useTranslation(IMPORT_NAMESPACES);
  const changes = preview.counts.create + preview.counts.update;
  // The rows that change first; the unchanged ones on demand (a month's sheet is mostly unchanged).
  const [shown, setShown] = useState<ReadonlySet<ImportAction>>(() => new Set(changes ? ['create', 'update'] : ['unchanged']));
  const toggle = (a: ImportAction) =>
    setShown((now) => {
      const next = new Set(now);
      if (next.has(a)) next.delete(a);
      else next.add(a);
      return next;
    });
  const rows = preview.changes.filter((c) => shown.has(c.action));
  const executing = imp.busy === 'execute';

  return (
    <>
      <ImportStepTitle ref={imp.heading}>{title}</ImportStepTitle>
      <Box data-testid="import-preview-view">
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }} role="group" aria-label={t('common:import.show')}>
          {IMPORT_ACTIONS.map((a) => (
            <Chip
              key={a}
              color={ACTION_COLOR[a]}
              variant={shown.has(a) ? 'filled' : 'outlined'}
              label={t(`common:import.counts.${a}`, { count: preview.counts[a] })}
              onClick={() => toggle(a)}
              aria-pressed={shown.has(a)}
              data-testid={`import-count-${a}`}
            />
          ))}
        </Stack>
        {!changes && (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="import-no-change">
            {t('common:import.noChange')}
          </Alert>
        )}
        {extra}
        {rows.length > 0 ? (
          <ImportChangesTable rows={rows} recordHeader={recordHeader} fieldLabel={fieldLabel} valueText={valueText} />
        ) : (
          <Typography sx={{ color: 'text.secondary' }} data-testid="import-changes-empty">
            {t('common:import.noneShown')}
          </Typography>
        )}
      </Box>
      {executing && (
        <Box sx={{ mt: 3 }} role="status" data-testid="import-progress">
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t(imp.upload !== null && imp.upload < 1 ? 'common:import.uploading' : 'common:import.applying')}
          </Typography>
          <LinearProgress
            aria-label={t('common:import.applying')}
            variant={imp.upload !== null && imp.upload < 1 ? 'determinate' : 'indeterminate'}
            value={Math.round((imp.upload ?? 0) * 100)}
          />
        </Box>
      )}
      <ImportStepNav>
        <Button onClick={onBack} disabled={executing}>
          {t('common:import.back')}
        </Button>
        <Button
          variant="contained"
          disabled={!changes}
          loading={executing}
          onClick={() => imp.setConfirm(true)}
          data-testid="import-execute"
        >
          {t('common:import.execute')}
        </Button>
      </ImportStepNav>
    </>
  );
}

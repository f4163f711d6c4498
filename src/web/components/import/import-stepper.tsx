import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '../resource/confirm-dialog';
import type { ValueText } from './import-changes-table';
import { ImportDoneStep } from './import-done-step';
import { ImportFileStep } from './import-file-step';
import { ImportHistory, type HistoryColumn } from './import-history';
import { ImportPreviewStep } from './import-preview-step';
import type { ImportExecuted, ImportPreview, ImportRecord } from './import-types';
import { IMPORT_NAMESPACES, KIT_STEPS, type ImportState } from './use-import';

/** A step a module puts before the file (the salaries' month): its key, its label and its content. */
export interface ImportFirstStep {
  key: string;
  label: string;
  render: () => ReactNode;
}

export interface ImportStepperProps<P extends ImportPreview, R extends ImportRecord> {
  imp: ImportState<P, R>;
  /** The page's heading. */
  title: string;
  first?: ImportFirstStep[];
  /** What the file step says of the sheet to upload. */
  fileHint: string;
  /** The template offered on the file step (false when a first step offers it). */
  template?: boolean;
  /** A column of the sheet in the resource's words (the template's headers are the fields' keys). */
  columnLabel: (column: string) => string;
  fieldLabel: (field: string) => string;
  valueText: ValueText;
  /** The preview table's heading of the record a row names ("Customer"). */
  recordHeader: string;
  /** What a module shows above the preview's rows (the salaries' totals). */
  previewExtra?: (preview: P) => ReactNode;
  confirmMessage: (preview: P) => string;
  /** Where the done step leads, and its words for a file applied before. */
  done: (result: ImportExecuted<R>) => { see: { to: string; label: string; testId?: string }; replayed?: string };
  download: (record: R) => Promise<void>;
  historyColumns?: HistoryColumn<R>[];
}

/**
 * One import as steps — a module's own first steps, then the file checked (every problem of every
 * row, and the failing rows to download), what it would change, applied all at once — with the
 * past imports below. A refusal says what happened in the user's words and offers the way on: a
 * preview gone stale is previewed again, a sheet that no longer passes is checked again.
 */
export function ImportStepper<P extends ImportPreview, R extends ImportRecord>(props: ImportStepperProps<P, R>) {
  const { imp, first = [] } = props;
  const { t } = useTranslation(IMPORT_NAMESPACES);
  const steps = [
    ...first.map((s) => ({ key: s.key, label: s.label })),
    ...KIT_STEPS.map((key) => ({ key, label: t(`common:import.steps.${key}`) })),
  ];
  const active = steps.findIndex((s) => s.key === imp.step);
  const labelOf = (key: string) => steps.find((s) => s.key === key)!.label;
  const firstStep = first.find((s) => s.key === imp.step);
  const before = first.at(-1)?.key;
  // The kit's steps read the kit's shapes; a module's preview and record only add to them.
  const kit = imp as unknown as ImportState;

  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {props.title}
      </Typography>
      <Stepper activeStep={active} alternativeLabel sx={{ mb: 3 }} aria-label={props.title}>
        {steps.map((s) => (
          <Step key={s.key}>
            <StepLabel>{s.label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Card sx={{ p: { xs: 2, sm: 3 } }} data-testid="import-stepper" data-step={imp.step}>
        {firstStep?.render()}
        {imp.step === 'file' && (
          <ImportFileStep
            imp={kit}
            title={labelOf('file')}
            hint={props.fileHint}
            template={props.template}
            columnLabel={props.columnLabel}
            onBack={before ? () => imp.go(before) : undefined}
          />
        )}
        {imp.step === 'preview' && imp.preview && (
          <ImportPreviewStep
            imp={kit}
            preview={imp.preview}
            title={labelOf('preview')}
            recordHeader={props.recordHeader}
            fieldLabel={props.fieldLabel}
            valueText={props.valueText}
            extra={props.previewExtra?.(imp.preview)}
            onBack={() => imp.go('file')}
          />
        )}
        {imp.step === 'done' && imp.result && (
          <ImportDoneStep imp={kit} result={imp.result} title={labelOf('done')} {...props.done(imp.result)} />
        )}
        {imp.refusal && (
          <Alert
            severity="error"
            role="alert"
            sx={{ mt: 2 }}
            data-testid="import-error"
            data-kind={imp.refusal.kind}
            action={
              imp.refusal.kind === 'stale' ? (
                <Button color="inherit" size="small" onClick={() => void imp.toPreview()} data-testid="import-preview-again">
                  {t('common:import.previewAgain')}
                </Button>
              ) : imp.refusal.kind === 'invalid' ? (
                <Button color="inherit" size="small" onClick={imp.recheck} data-testid="import-recheck">
                  {t('common:import.recheck')}
                </Button>
              ) : undefined
            }
          >
            {imp.refusal.text}
          </Alert>
        )}
      </Card>

      <ImportHistory history={imp.history} download={props.download} columns={props.historyColumns} />

      {imp.confirm && imp.preview && (
        <ConfirmDialog
          open
          title={t('common:import.execute')}
          message={props.confirmMessage(imp.preview)}
          confirmText={t('common:import.execute')}
          confirmColor="primary"
          pending={imp.busy === 'execute'}
          onCancel={() => imp.setConfirm(false)}
          onConfirm={() => void imp.execute()}
          testId="import-execute-confirm"
        />
      )}
    </Box>
  );
}

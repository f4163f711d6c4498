import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { can } from '../../../domain/resources';
import { PermissionDeniedView } from '../../components/permission-denied';
import { ConfirmDialog } from '../../components/resource/confirm-dialog';
import { useAuthContext } from '../../providers/auth-context';
import { ImportDoneStep } from './import-done-step';
import { ImportFileStep } from './import-file-step';
import { ImportHistory } from './import-history';
import { ImportMonthStep } from './import-month-step';
import { ImportPreviewStep } from './import-preview-step';
import { IMPORT_NAMESPACES, useSalaryImport } from './use-salary-import';

const STEPS = ['month', 'validate', 'preview', 'done'] as const;

/**
 * The import as four steps: the month and its sheet; the file checked (every problem of every row,
 * and its rows with their errors to download); what it would change (per person, and the month's
 * totals before and after); applied all at once. Each step's heading takes the focus, so that a
 * keyboard or screen reader user follows the stepper; the past imports are listed below.
 */
export function SalaryImportPage() {
  const { t } = useTranslation(IMPORT_NAMESPACES);
  const { role } = useAuthContext();
  const imp = useSalaryImport();

  if (!can(role, 'salaries', 'import')) return <PermissionDeniedView role={role} />;

  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('salaries:import.title')}
      </Typography>
      <Stepper activeStep={imp.step} alternativeLabel sx={{ mb: 3 }} aria-label={t('salaries:import.title')}>
        {STEPS.map((s) => (
          <Step key={s}>
            <StepLabel>{t(`salaries:import.steps.${s}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Card sx={{ p: { xs: 2, sm: 3 } }}>
        {imp.step === 0 && (
          <ImportMonthStep
            heading={imp.heading}
            month={imp.month}
            onMonth={imp.setMonth}
            busy={imp.busy}
            onTemplate={() => void imp.downloadTemplate()}
            onNext={() => imp.setStep(1)}
          />
        )}
        {imp.step === 1 && (
          <ImportFileStep
            heading={imp.heading}
            month={imp.month}
            file={imp.file}
            onFile={imp.chooseFile}
            validation={imp.validation}
            busy={imp.busy}
            onValidate={() => void imp.validate()}
            onDownloadErrors={() => void imp.downloadErrors()}
            onBack={() => imp.setStep(0)}
            onPreview={() => void imp.toPreview()}
          />
        )}
        {imp.step === 2 && imp.preview && (
          <ImportPreviewStep
            heading={imp.heading}
            preview={imp.preview}
            busy={imp.busy}
            onBack={() => imp.setStep(1)}
            onExecute={() => imp.setConfirm(true)}
          />
        )}
        {imp.step === 3 && imp.result && <ImportDoneStep heading={imp.heading} result={imp.result} onRestart={imp.restart} />}
        {imp.error && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }} data-testid="import-error">
            {imp.error}
          </Alert>
        )}
      </Card>

      <ImportHistory history={imp.history} />

      {imp.confirm && imp.preview && (
        <ConfirmDialog
          open
          title={t('salaries:import.execute')}
          message={t('salaries:import.executeConfirm', {
            month: imp.preview.month,
            create: imp.preview.counts.create,
            update: imp.preview.counts.update,
          })}
          confirmText={t('salaries:import.execute')}
          pending={imp.busy === 'execute'}
          onCancel={() => imp.setConfirm(false)}
          onConfirm={() => void imp.execute()}
          testId="import-execute-confirm"
        />
      )}
    </Box>
  );
}

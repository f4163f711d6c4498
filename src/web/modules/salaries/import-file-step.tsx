import { useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ImportErrorsTable } from './import-errors-table';
import { ImportStepNav, ImportStepTitle } from './import-step-frame';
import type { ImportValidation } from './salary-import-api';
import { IMPORT_NAMESPACES, type ImportAction } from './use-salary-import';

/** Step 2: the sheet chosen and checked; a sheet with problems lists them and gives them back as a file. */
export function ImportFileStep({
  heading,
  month,
  file,
  onFile,
  validation,
  busy,
  onValidate,
  onDownloadErrors,
  onBack,
  onPreview,
}: {
  heading: RefObject<HTMLHeadingElement | null>;
  month: string;
  file: File | null;
  onFile: (file: File | null) => void;
  validation: ImportValidation | null;
  busy: ImportAction | null;
  onValidate: () => void;
  onDownloadErrors: () => void;
  onBack: () => void;
  onPreview: () => void;
}) {
  const { t } = useTranslation(IMPORT_NAMESPACES);
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <>
      <ImportStepTitle step="validate" ref={heading} />
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
            onFile(e.target.files?.[0] ?? null);
            // The same file chosen again (corrected meanwhile) is a change too.
            e.target.value = '';
          }}
        />
        <Typography dir="auto" data-testid="import-file-name" sx={{ overflowWrap: 'anywhere' }}>
          {file?.name ?? t('salaries:import.noFile')}
        </Typography>
        <Button variant="contained" disabled={!file} loading={busy === 'validate'} onClick={onValidate} data-testid="import-validate">
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
              <ImportErrorsTable errors={validation.errors} />
              <Button
                sx={{ mt: 2 }}
                variant="outlined"
                loading={busy === 'errors'}
                onClick={onDownloadErrors}
                data-testid="import-download-errors"
              >
                {t('salaries:import.downloadErrors')}
              </Button>
            </>
          )}
        </Box>
      )}
      <ImportStepNav>
        <Button onClick={onBack}>{t('salaries:import.back')}</Button>
        <Button
          variant="contained"
          disabled={!validation || validation.errors.length > 0}
          loading={busy === 'preview'}
          onClick={onPreview}
          data-testid="import-preview"
        >
          {t('salaries:import.toPreview')}
        </Button>
      </ImportStepNav>
    </>
  );
}

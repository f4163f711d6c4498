import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { ImportErrorsTable } from './import-errors-table';
import { ImportStepNav, ImportStepTitle } from './import-step-frame';
import { IMPORT_NAMESPACES, type ImportState } from './use-import';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The sheets the server reads: Excel's format, whichever program wrote it, or a .csv. */
export const isSheet = (file: File) => /\.(xlsx|csv)$/i.test(file.name) || file.type === XLSX_TYPE || file.type === 'text/csv';

/**
 * The sheet chosen (or dropped) and checked; a sheet with problems lists them, each in the
 * resource's words, and gives its failing rows back as a file. The template to start from is
 * here unless a step before offers it (the salaries' month).
 */
export function ImportFileStep({
  imp,
  title,
  hint,
  template = true,
  columnLabel,
  onBack,
}: {
  imp: ImportState;
  title: string;
  hint: string;
  template?: boolean;
  columnLabel: (column: string) => string;
  onBack?: () => void;
}) {
  const { t } = useTranslation(IMPORT_NAMESPACES);
  const fileInput = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [wrongType, setWrongType] = useState('');
  const { file, validation, busy } = imp;

  const take = (chosen: File | null | undefined) => {
    if (chosen && !isSheet(chosen)) {
      setWrongType(chosen.name);
      return;
    }
    setWrongType('');
    imp.chooseFile(chosen ?? null);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    take(e.dataTransfer.files[0]);
  };

  return (
    <>
      <ImportStepTitle ref={imp.heading}>{title}</ImportStepTitle>
      <Typography sx={{ mb: 2 }}>{hint}</Typography>
      {template && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary', flex: 1 }}>
            {t('common:import.templateHint')}
          </Typography>
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            loading={busy === 'template'}
            onClick={() => void imp.downloadTemplate()}
            data-testid="import-template"
          >
            {t('common:import.downloadTemplate')}
          </Button>
        </Stack>
      )}
      <Box
        data-testid="import-drop"
        data-over={over || undefined}
        onDragOver={(e) => {
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        sx={{
          p: { xs: 2, sm: 3 },
          border: 2,
          borderStyle: 'dashed',
          borderRadius: 2,
          borderColor: over ? 'primary.main' : 'divider',
          bgcolor: over ? 'action.hover' : 'transparent',
          transition: 'background-color 120ms, border-color 120ms',
        }}
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => fileInput.current?.click()} data-testid="import-choose">
            {t('common:import.chooseFile')}
          </Button>
          <input
            ref={fileInput}
            type="file"
            hidden
            accept={`.xlsx,.csv,${XLSX_TYPE},text/csv`}
            data-testid="import-file"
            aria-label={t('common:import.chooseFile')}
            onChange={(e) => {
              take(e.target.files?.[0]);
              // The same file chosen again (corrected meanwhile) is a change too.
              e.target.value = '';
            }}
          />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography dir="auto" data-testid="import-file-name" sx={{ overflowWrap: 'anywhere' }}>
              {file?.name ?? t('common:import.noFile')}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('common:import.dropHere')}
            </Typography>
          </Box>
          <Button
            variant="contained"
            disabled={!file}
            loading={busy === 'validate'}
            onClick={() => void imp.validate()}
            data-testid="import-validate"
          >
            {t('common:import.validate')}
          </Button>
        </Stack>
      </Box>
      {wrongType && (
        <Alert severity="warning" role="alert" sx={{ mt: 2 }} data-testid="import-wrong-type">
          {t('common:import.wrongType', { name: wrongType })}
        </Alert>
      )}
      {validation && (
        <Box sx={{ mt: 3 }} data-testid="import-validation">
          {validation.errors.length === 0 ? (
            <Alert severity={validation.rows ? 'success' : 'warning'}>
              {t(validation.rows ? 'common:import.valid' : 'common:import.noRows', { rows: validation.rows })}
            </Alert>
          ) : (
            <>
              <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                {t('common:import.invalid', {
                  rows: validation.rows,
                  count: validation.errors.length,
                  bad: new Set(validation.errors.map((e) => e.row)).size,
                })}
              </Alert>
              <ImportErrorsTable errors={validation.errors} columnLabel={columnLabel} />
              <Button
                sx={{ mt: 2 }}
                variant="outlined"
                startIcon={<DownloadIcon />}
                loading={busy === 'errors'}
                onClick={() => void imp.downloadErrors()}
                data-testid="import-download-errors"
              >
                {t('common:import.downloadErrors')}
              </Button>
            </>
          )}
        </Box>
      )}
      <ImportStepNav>
        {onBack && <Button onClick={onBack}>{t('common:import.back')}</Button>}
        <Button
          variant="contained"
          disabled={!validation || validation.errors.length > 0 || validation.rows === 0}
          loading={busy === 'preview'}
          onClick={() => void imp.toPreview()}
          data-testid="import-preview"
        >
          {t('common:import.toPreview')}
        </Button>
      </ImportStepNav>
    </>
  );
}

import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import { ImportPreviewView } from './import-preview-view';
import { ImportStepNav, ImportStepTitle } from './import-step-frame';
import type { ImportPreview } from './salary-import-api';
import { IMPORT_NAMESPACES, type ImportAction } from './use-salary-import';

/** Step 3: what the sheet would change; applying it is asked for (and confirmed) only when it changes something. */
export function ImportPreviewStep({
  heading,
  preview,
  busy,
  onBack,
  onExecute,
}: {
  heading: RefObject<HTMLHeadingElement | null>;
  preview: ImportPreview;
  busy: ImportAction | null;
  onBack: () => void;
  onExecute: () => void;
}) {
  const { t } = useTranslation(IMPORT_NAMESPACES);
  return (
    <>
      <ImportStepTitle step="preview" ref={heading} />
      <ImportPreviewView preview={preview} />
      <ImportStepNav>
        <Button onClick={onBack}>{t('salaries:import.back')}</Button>
        <Button
          variant="contained"
          disabled={preview.counts.create + preview.counts.update === 0}
          loading={busy === 'execute'}
          onClick={onExecute}
          data-testid="import-execute"
        >
          {t('salaries:import.execute')}
        </Button>
      </ImportStepNav>
    </>
  );
}

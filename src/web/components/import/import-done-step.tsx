import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { ImportStepNav, ImportStepTitle } from './import-step-frame';
import type { ImportExecuted } from './import-types';
import { IMPORT_NAMESPACES, type ImportState } from './use-import';

/** Applied (or the same file applied before: nothing applied twice), then the rows it wrote, or another import. */
export function ImportDoneStep({
  imp,
  result,
  title,
  replayed,
  see,
}: {
  imp: ImportState;
  result: ImportExecuted;
  title: string;
  /** The words for a file applied before (the salaries name its month). */
  replayed?: string;
  /** Where the imported rows are, and the button's words. */
  see: { to: string; label: string; testId?: string };
}) {
  const { t } = useTranslation(IMPORT_NAMESPACES);
  return (
    <>
      <ImportStepTitle ref={imp.heading}>{title}</ImportStepTitle>
      <Alert severity="success" data-testid="import-result">
        {result.applied ? t('common:import.applied') : (replayed ?? t('common:import.replayed'))}{' '}
        {t('common:import.countsLine', result.import.counts)}
      </Alert>
      <ImportStepNav>
        <Button variant="contained" component={RouterLink} to={see.to} data-testid={see.testId ?? 'import-see'}>
          {see.label}
        </Button>
        <Button onClick={imp.restart} data-testid="import-again">
          {t('common:import.again')}
        </Button>
      </ImportStepNav>
    </>
  );
}

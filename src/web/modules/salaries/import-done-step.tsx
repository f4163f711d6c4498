import type { RefObject } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useFormatters } from '../../i18n/format';
import { ImportStepNav, ImportStepTitle } from './import-step-frame';
import type { ImportExecuted } from './salary-import-api';
import { IMPORT_NAMESPACES } from './use-salary-import';

/** Step 4: applied (or already imported for this month: nothing applied twice), then the month, or another import. */
export function ImportDoneStep({
  heading,
  result,
  onRestart,
}: {
  heading: RefObject<HTMLHeadingElement | null>;
  result: ImportExecuted;
  onRestart: () => void;
}) {
  const { t } = useTranslation(IMPORT_NAMESPACES);
  const fmt = useFormatters();
  return (
    <>
      <ImportStepTitle step="done" ref={heading} />
      <Alert severity="success" data-testid="import-result">
        {t(result.applied ? 'salaries:import.applied' : 'salaries:import.replayed')} {t('salaries:import.countsLine', result.import.counts)}
      </Alert>
      <ImportStepNav>
        <Button variant="contained" component={RouterLink} to={`/salary?month=${result.import.month}`} data-testid="import-see-month">
          {t('salaries:import.seeMonth', { month: fmt.month(result.import.month, 'long') })}
        </Button>
        <Button onClick={onRestart}>{t('salaries:import.again')}</Button>
      </ImportStepNav>
    </>
  );
}

import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MonthField } from '../../components/form/month-field';
import { ImportStepNav, ImportStepTitle } from './import-step-frame';
import { IMPORT_NAMESPACES, type ImportAction } from './use-salary-import';

/** Step 1: the month imported, and its sheet to fill in (the template is the month's export). */
export function ImportMonthStep({
  heading,
  month,
  onMonth,
  busy,
  onTemplate,
  onNext,
}: {
  heading: RefObject<HTMLHeadingElement | null>;
  month: string;
  onMonth: (month: string) => void;
  busy: ImportAction | null;
  onTemplate: () => void;
  onNext: () => void;
}) {
  const { t } = useTranslation(IMPORT_NAMESPACES);
  return (
    <>
      <ImportStepTitle step="month" ref={heading} />
      <Typography sx={{ mb: 2 }}>{t('salaries:import.monthHint')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <MonthField label={t('salaries:import.month')} value={month} onChange={onMonth} required testId="import-month" />
        <Button variant="outlined" disabled={!month} loading={busy === 'template'} onClick={onTemplate} data-testid="import-template">
          {t('salaries:import.downloadTemplate')}
        </Button>
      </Stack>
      <ImportStepNav>
        <Button variant="contained" disabled={!month} onClick={onNext} data-testid="import-next">
          {t('salaries:import.next')}
        </Button>
      </ImportStepNav>
    </>
  );
}

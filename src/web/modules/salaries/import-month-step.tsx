import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MonthField } from '../../components/form/month-field';
import { ImportStepNav, ImportStepTitle } from '../../components/import/import-step-frame';

/** The salaries' first step: the month imported, and its sheet to fill in (the template is the month's export). */
export function ImportMonthStep({
  heading,
  month,
  onMonth,
  templating,
  onTemplate,
  onNext,
}: {
  heading: RefObject<HTMLHeadingElement | null>;
  month: string;
  onMonth: (month: string) => void;
  templating: boolean;
  onTemplate: () => void;
  onNext: () => void;
}) {
  const { t } = useTranslation(['salaries', 'common']);
  return (
    <>
      <ImportStepTitle ref={heading}>{t('salaries:import.steps.month')}</ImportStepTitle>
      <Typography sx={{ mb: 2 }}>{t('salaries:import.monthHint')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <MonthField label={t('salaries:import.month')} value={month} onChange={onMonth} required testId="import-month" />
        <Button variant="outlined" disabled={!month} loading={templating} onClick={onTemplate} data-testid="import-template">
          {t('common:import.downloadTemplate')}
        </Button>
      </Stack>
      <ImportStepNav>
        <Button variant="contained" disabled={!month} onClick={onNext} data-testid="import-next">
          {t('common:import.next')}
        </Button>
      </ImportStepNav>
    </>
  );
}

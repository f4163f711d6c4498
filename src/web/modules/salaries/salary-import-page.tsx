import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImportStepper } from '../../components/import/import-stepper';
import type { ImportChange } from '../../components/import/import-types';
import { useImport } from '../../components/import/use-import';
import { useFormatters } from '../../i18n/format';
import { ImportMonthStep } from './import-month-step';
import { ImportTotals } from './import-totals';
import { salaryImportApi, type SalaryChange } from './salary-import-api';
import { thisMonth } from './salary-month';

// The sheet's own columns (e-mail, name) are the import's words; the others are the salary's fields.
const SHEET_COLUMNS = new Set(['email', 'name']);

/**
 * The salaries' import on the kit's stepper, with a step of its own first: the month and its sheet
 * (the template is the month's export). Its preview adds the month's totals before and after; its
 * past imports name their month. The route's guard asks for the `import` action.
 */
export function SalaryImportPage() {
  const { t } = useTranslation(['salaries', 'common', 'validation', 'errors']);
  const fmt = useFormatters();
  const [month, setMonth] = useState(thisMonth);
  // Every call sends the month chosen now.
  const monthRef = useRef(month);
  monthRef.current = month;
  const api = useMemo(() => salaryImportApi(() => monthRef.current), []);
  const imp = useImport({ api, resource: 'salaries', first: 'month' });

  const amount = (field: string, v: string | null, change: ImportChange) =>
    v === null ? '—' : field === 'currency' ? v : fmt.money(v, (change as SalaryChange).currency);

  return (
    <ImportStepper
      imp={imp}
      title={t('salaries:import.title')}
      first={[
        {
          key: 'month',
          label: t('salaries:import.steps.month'),
          render: () => (
            <ImportMonthStep
              heading={imp.heading}
              month={month}
              onMonth={setMonth}
              templating={imp.busy === 'template'}
              onTemplate={() => void imp.downloadTemplate()}
              onNext={() => imp.go('file')}
            />
          ),
        },
      ]}
      fileHint={t('salaries:import.fileHint', { month })}
      template={false}
      columnLabel={(c) => t(SHEET_COLUMNS.has(c) ? `salaries:import.cols.${c}` : `salaries:fields.${c}`)}
      fieldLabel={(f) => t(`salaries:fields.${f}`)}
      valueText={amount}
      recordHeader={t('salaries:fields.userId')}
      previewExtra={(p) => <ImportTotals totals={p.totals} />}
      confirmMessage={(p) => t('salaries:import.executeConfirm', { month: p.month, create: p.counts.create, update: p.counts.update })}
      done={(r) => ({
        see: {
          to: `/salary?month=${r.import.month}`,
          label: t('salaries:import.seeMonth', { month: fmt.month(r.import.month, 'long') }),
          testId: 'import-see-month',
        },
        replayed: t('salaries:import.replayed'),
      })}
      download={api.downloadImported}
      historyColumns={[{ label: t('salaries:import.month'), value: (h) => h.month }]}
    />
  );
}

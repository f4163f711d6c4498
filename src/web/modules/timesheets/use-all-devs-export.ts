import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AllDevsPerson } from '../../../domain/modules/timesheets/all-devs';
import { errorText } from '../../i18n/error-text';
import { toast } from '../../toast';
import { ALL_DEVS_NS as NS } from './all-devs-ui';
import { downloadWorkbook } from './all-devs-download';
import { apiParams, type AllDevsFilters } from './use-all-devs-filters';

const EXPORT_ALL = '/api/v1/excel/timesheet/all-devs';

/** An export under way: everyone's ('all') or a person's (their id), and the bytes received so far. */
export type Exporting = { who: string; bytes: number } | null;

/** The month's workbooks: everyone's under the filters shown, or one person's; one at a time, its progress told. */
export function useAllDevsExport(filters: AllDevsFilters) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState<Exporting>(null);
  const download = async (who: string, url: string, p: Record<string, string>) => {
    setExporting({ who, bytes: 0 });
    try {
      await downloadWorkbook(url, p, (bytes) => setExporting({ who, bytes }));
      toast.success(t(`${NS}:exported`));
    } catch (e) {
      toast.error(errorText(t, e));
    } finally {
      setExporting(null);
    }
  };
  const exportAll = () => download('all', EXPORT_ALL, apiParams(filters, false));
  const exportPerson = (p: AllDevsPerson) => download(p.userId, `/api/v1/excel/timesheet/${p.userId}`, { month: filters.month });
  return { exporting, exportAll, exportPerson };
}

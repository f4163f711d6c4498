import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { QueryState } from '../../components/query-state';
import { AllDevsFilters } from './all-devs-filters';
import { AllDevsHeader } from './all-devs-header';
import { AllDevsLegend } from './all-devs-legend';
import { AllDevsTable } from './all-devs-table';
import { AllDevsTotals } from './all-devs-totals';
import { ALL_DEVS_NS as NS, kb } from './all-devs-ui';
import { useAllDevs } from './use-all-devs';
import { useAllDevsExport } from './use-all-devs-export';
import { PAGE_SIZES, useAllDevsFilters } from './use-all-devs-filters';

/** Everyone's month: hours per person per day, expected vs logged, missing logs, utilisation; exports. */
export function AllDevsPage() {
  const { t } = useTranslation();
  const { filters, set } = useAllDevsFilters();
  const query = useAllDevs(filters);
  const data = query.data;
  const { exporting, exportAll, exportPerson } = useAllDevsExport(filters);

  return (
    <Box>
      <AllDevsHeader exporting={exporting} onExport={() => void exportAll()} canExport={!!data?.total} />
      <AllDevsFilters filters={filters} set={set} />
      {data && <AllDevsTotals totals={data.totals} />}
      <Card>
        {query.isFetching && data && <LinearProgress sx={{ height: 2 }} />}
        <QueryState query={{ ...query, data: data ? data.data : undefined }} empty={t(`${NS}:empty`)}>
          {(rows) => (
            <AllDevsTable
              rows={rows}
              days={data!.days}
              filters={filters}
              set={set}
              exporting={!!exporting}
              onExportPerson={(p) => void exportPerson(p)}
            />
          )}
        </QueryState>
        {data && data.total > 0 && (
          <TablePagination
            component="div"
            count={data.total}
            page={filters.page - 1}
            rowsPerPage={filters.limit}
            rowsPerPageOptions={PAGE_SIZES}
            onPageChange={(_, page) => set({ page: page + 1 }, true)}
            onRowsPerPageChange={(e) => set({ limit: Number(e.target.value) })}
          />
        )}
      </Card>
      <AllDevsLegend />
      {/* A person's export tells its progress in a corner: their row's button has no room for it. */}
      {exporting && exporting.who !== 'all' && (
        <Box
          role="status"
          sx={{ position: 'fixed', insetInlineEnd: 16, bottom: 16, bgcolor: 'background.paper', p: 1, boxShadow: 3, borderRadius: 1 }}
        >
          <Typography variant="caption">{t(`${NS}:exporting`, { size: kb(exporting.bytes) })}</Typography>
          <LinearProgress />
        </Box>
      )}
    </Box>
  );
}

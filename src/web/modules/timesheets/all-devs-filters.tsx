import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTheme } from '@mui/material/styles';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { addMonths } from '../../../domain/months';
import { ReferencePicker } from '../../components/resource/lookup';
import { useFormatters } from '../../i18n/format';
import { ALL_DEVS_NS as NS } from './all-devs-ui';
import type { AllDevsFilters as Filters, SetAllDevsFilters } from './use-all-devs-filters';

/** The month (previous / next), a search by name, customer and project pickers and "missing logs only". */
export function AllDevsFilters({ filters, set }: { filters: Filters; set: SetAllDevsFilters }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const rtl = useTheme().direction === 'rtl';
  const [search, setSearch] = useState(filters.q);

  // The search box is debounced into the address (and so into the query).
  useEffect(() => {
    const timer = setTimeout(() => {
      if (search !== filters.q) set({ q: search });
    }, 300);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text starts the timer
  }, [search]);

  return (
    <Card sx={{ p: 2, mb: 2 }}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Stack direction="row" sx={{ alignItems: 'center' }} role="group" aria-label={t(`${NS}:month`)}>
          <IconButton
            aria-label={t(`${NS}:previousMonth`)}
            onClick={() => set({ month: addMonths(filters.month, -1) })}
            data-testid="month-prev"
          >
            {rtl ? <ChevronRight /> : <ChevronLeft />}
          </IconButton>
          <Typography sx={{ minWidth: 130, textAlign: 'center', fontWeight: 600 }} aria-live="polite" data-testid="month-label">
            {fmt.month(filters.month, 'long')}
          </Typography>
          <IconButton
            aria-label={t(`${NS}:nextMonth`)}
            onClick={() => set({ month: addMonths(filters.month, 1) })}
            data-testid="month-next"
          >
            {rtl ? <ChevronLeft /> : <ChevronRight />}
          </IconButton>
        </Stack>
        <TextField
          size="small"
          type="search"
          label={t(`${NS}:search`)}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          sx={{ minWidth: 200, flex: '1 1 200px' }}
          slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'all-devs-search' } }}
        />
        <Box sx={{ minWidth: 200, flex: '1 1 200px' }} data-testid="filter-customer">
          <ReferencePicker
            resource="customers"
            label={t(`${NS}:customer`)}
            size="small"
            value={filters.customerId || null}
            onChange={(id) => set({ customerId: id })}
          />
        </Box>
        <Box sx={{ minWidth: 200, flex: '1 1 200px' }} data-testid="filter-project">
          <ReferencePicker
            resource="projects"
            label={t(`${NS}:project`)}
            size="small"
            value={filters.projectId || null}
            onChange={(id) => set({ projectId: id })}
          />
        </Box>
        <FormControlLabel
          control={<Switch checked={filters.missing} onChange={(e) => set({ missing: e.target.checked })} />}
          label={t(`${NS}:missingOnly`)}
          data-testid="filter-missing"
        />
      </Stack>
    </Card>
  );
}

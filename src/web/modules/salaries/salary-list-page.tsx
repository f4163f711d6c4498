import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { can } from '../../../domain/resources';
import { ResourceList } from '../../components/resource/resource-list';
import { errorText } from '../../i18n/error-text';
import { useFormatters } from '../../i18n/format';
import { useAuthContext } from '../../providers/auth-context';
import { toast } from '../../toast';
import { downloadMonth, thisMonth } from './salary-month';

/** The kit's list, with the import and the month's export for the salary roles. */
export function SalaryListPage() {
  const { t } = useTranslation(['salaries', 'common', 'errors']);
  const { role } = useAuthContext();
  const fmt = useFormatters();
  // One Month field, the list's filter: the export takes the month filtered on, else this month.
  const [params] = useSearchParams();
  const filtered = params.getAll('month');
  const month = filtered.length === 1 && /^\d{4}-\d{2}$/.test(filtered[0]!) ? filtered[0]! : thisMonth();
  const [busy, setBusy] = useState(false);
  return (
    <Box>
      {can(role, 'salaries', 'import') && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'flex-end', alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <Button
            variant="outlined"
            loading={busy}
            data-testid="salary-export-month-button"
            onClick={() => {
              setBusy(true);
              downloadMonth(month)
                .catch((e: unknown) => toast.error(errorText(t, e)))
                .finally(() => setBusy(false));
            }}
          >
            {t('salaries:list.exportOf', { month: fmt.month(month, 'long') })}
          </Button>
          <Button variant="contained" component={RouterLink} to="/salary/import" data-testid="salary-import-link">
            {t('salaries:list.import')}
          </Button>
        </Stack>
      )}
      <ResourceList resource="salaries" />
    </Box>
  );
}

import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { salariesResource } from '../../../domain/modules/salaries/salaries.resource';
import { can } from '../../../domain/resources';
import { downloadFile } from '../../components/download';
import { ResourceList } from '../../components/resource/resource-list';
import { errorText } from '../../i18n/error-text';
import { useAuthContext } from '../../providers/auth-context';
import { toast } from '../../toast';

export const thisMonth = () => new Date().toISOString().slice(0, 7);

/** The month's sheet, as the import takes it back: the template and the month's export are one file. */
export async function downloadMonth(month: string) {
  await downloadFile(`/api/v1/${salariesResource.path}/import/template`, { params: { month }, fallbackName: `salaries-${month}.xlsx` });
}

/** The kit's list, with the import and the month's export for the salary roles. */
export function SalaryListPage() {
  const { t } = useTranslation(['salaries', 'common', 'errors']);
  const { role } = useAuthContext();
  const [month, setMonth] = useState(thisMonth);
  const [busy, setBusy] = useState(false);
  return (
    <Box>
      {can(role, 'salaries', 'import') && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'flex-end', alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <TextField
            type="month"
            size="small"
            label={t('salaries:import.month')}
            value={month}
            onChange={(e) => setMonth(e.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'salary-export-month' } }}
          />
          <Button
            variant="outlined"
            loading={busy}
            disabled={!month}
            data-testid="salary-export-month-button"
            onClick={() => {
              setBusy(true);
              downloadMonth(month)
                .catch((e: unknown) => toast.error(errorText(t, e)))
                .finally(() => setBusy(false));
            }}
          >
            {t('salaries:list.exportMonth')}
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

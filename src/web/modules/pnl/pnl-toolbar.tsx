import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Download from '@mui/icons-material/Download';
import { PNL_GROUPS, type PnlQuery } from '../../../domain/modules/pnl/pnl.rules';
import type { Pnl } from '../../../domain/modules/pnl/pnl.schema';
import { downloadFile } from '../../components/download';
import { MonthField } from '../../components/form/month-field';
import { PNL_API } from './use-pnl-data';

type Props = {
  q: PnlQuery;
  set: (key: keyof PnlQuery, value: string) => void;
  /** The P&L shown, if any: the export waits for it, and it says whether people may be a grouping. */
  data: Pnl | undefined;
};

/** The page's title, its range and grouping (written to the address) and the workbook's export. */
export function PnlToolbar({ q, set, data }: Props) {
  const { t } = useTranslation(['pnl', 'common']);
  const exportXlsx = () =>
    void downloadFile(`${PNL_API}/export`, {
      params: { from: q.from, to: q.to, groupBy: q.groupBy },
      fallbackName: `pnl-${q.from}-${q.to}.xlsx`,
    });
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
        {t('pnl:title')}
      </Typography>
      <MonthField
        size="small"
        label={t('pnl:from')}
        value={q.from}
        onChange={(v) => v && set('from', v)}
        max={q.to}
        testId="pnl-from"
        sx={{ width: '12rem' }}
      />
      <MonthField
        size="small"
        label={t('pnl:to')}
        value={q.to}
        onChange={(v) => v && set('to', v)}
        min={q.from}
        testId="pnl-to"
        sx={{ width: '12rem' }}
      />
      <TextField
        select
        size="small"
        label={t('pnl:groupBy')}
        value={q.groupBy}
        onChange={(e) => set('groupBy', String(e.target.value))}
        sx={{ minWidth: 140 }}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'pnl-group-by' } as object } }}
      >
        {PNL_GROUPS.filter((g) => g !== 'person' || data?.salaryDetail !== false).map((g) => (
          <MenuItem key={g} value={g}>
            {t(`pnl:groups.${g}`)}
          </MenuItem>
        ))}
      </TextField>
      <Button startIcon={<Download />} onClick={exportXlsx} disabled={!data} data-testid="pnl-export">
        {t('pnl:export')}
      </Button>
    </Stack>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { canAccessPath } from '../../../../domain/auth/permissions';
import { formatDecimalLocale } from '../../../../domain/money';
import type { KpiQuarter } from '../../../../domain/modules/kpi/kpi-views.schema';
import { useFormatters } from '../../../i18n/format';
import { http } from '../../../providers/http';
import { useAuthContext } from '../../../providers/auth-context';
import { BigFigure } from './big-figure';
import { Widget } from './widget';

/**
 * The caller's KPI this quarter, for anyone with targets (a recruiter or a developer too, whose
 * role has no KPI section): today's achievement and each line with its formula. Nothing without targets.
 */
export function MyKpiWidget() {
  const { t } = useTranslation(['kpi', 'statements']);
  const fmt = useFormatters();
  const { user, role } = useAuthContext();
  const query = useQuery({ queryKey: ['my-kpi'], queryFn: async () => (await http.get<KpiQuarter>('/api/v1/kpi/my-kpi')).data });
  const q = query.data;
  if (!q?.kpiId || !q.statement) return null;
  const to = user && canAccessPath(role, '/kpi/progress') ? `/kpi/progress/${user.id}/${q.year}` : undefined;
  const value = q.statement.missing.length ? '—' : `${formatDecimalLocale(q.statement.total, fmt.locale)} %`;
  return (
    <Widget title={t('kpi:widget.title', { quarter: q.quarter, year: q.year })} testId="widget-my-kpi">
      <BigFigure label={t('kpi:progress.achievement')} value={value} to={to} testId="my-kpi-total" />
      <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
        {q.metrics.map((m, i) => (
          <li key={i}>
            <Typography variant="body2" dir="auto">
              {m.label}
            </Typography>
            <Typography variant="caption" component="code" dir="ltr" sx={{ fontFamily: 'monospace', color: 'text.secondary' }}>
              {m.line.formula}
            </Typography>
          </li>
        ))}
      </Box>
    </Widget>
  );
}

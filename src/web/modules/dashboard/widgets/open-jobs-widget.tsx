import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import type { Dashboard } from '../../../../domain/modules/dashboard/dashboard.schema';
import { useFormatters } from '../../../i18n/format';
import { Widget, WidgetEmpty } from './widget';

type Recruitment = NonNullable<Dashboard['recruitment']>;

/** Open jobs by priority, most pressing first, each opening the job list it counts. */
export function OpenJobsWidget({ data }: { data: Recruitment }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const total = data.openJobsByPriority.reduce((n, p) => n + p.count, 0);
  return (
    <Widget title={t('dashboard:recruitment.openJobs')} testId="widget-open-jobs">
      {!total ? (
        <WidgetEmpty>{t('dashboard:recruitment.openJobsEmpty')}</WidgetEmpty>
      ) : (
        <List dense disablePadding>
          {/* Most pressing first. */}
          {[...data.openJobsByPriority].reverse().map((p) => (
            <ListItem
              key={p.priority}
              disableGutters
              secondaryAction={<span data-testid={`open-jobs-${p.priority}`}>{fmt.number(p.count)}</span>}
            >
              <Link component={RouterLink} to={`/jobs?status=open&priority=${p.priority}`} underline="hover">
                {t(`jobs:values.priority.${p.priority}`)}
              </Link>
            </ListItem>
          ))}
        </List>
      )}
    </Widget>
  );
}

import { useTranslation } from 'react-i18next';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { Dashboard } from '../../../../domain/modules/dashboard/dashboard.schema';
import { useFormatters } from '../../../i18n/format';
import { Widget, WidgetEmpty } from './widget';
import { BigFigure } from './big-figure';
import { useDateRange } from './use-date-range';

type Team = NonNullable<Dashboard['team']>;

/** The team's leave the server lists: today and the coming days (dashboard.module.ts). */
const UPCOMING_DAYS = 30;

/** A manager's leave: the requests awaiting their approval and who of the team is away soon. */
export function TeamLeaveWidget({ data }: { data: Team }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const range = useDateRange();
  return (
    <Widget title={t('dashboard:team.title')} testId="widget-team-leave">
      <BigFigure
        label={t('dashboard:team.pending')}
        value={fmt.number(data.pendingApprovals)}
        to="/leave/approvals"
        testId="team-pending"
      />
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2 }}>
        {t('dashboard:team.upcoming', { days: UPCOMING_DAYS })}
      </Typography>
      {!data.upcoming.length ? (
        <WidgetEmpty>{t('dashboard:team.nobody')}</WidgetEmpty>
      ) : (
        <List dense disablePadding data-testid="team-upcoming">
          {data.upcoming.map((l) => (
            <ListItem key={l.id} disableGutters>
              <ListItemText
                primary={<span dir="auto">{l.fullName}</span>}
                secondary={`${t(`leave-requests:values.type.${l.type}`)} · ${range(l)}`}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Widget>
  );
}

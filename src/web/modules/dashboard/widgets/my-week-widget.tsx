import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Dashboard } from '../../../../domain/modules/dashboard/dashboard.schema';
import { useFormatters } from '../../../i18n/format';
import { Widget, WidgetEmpty } from './widget';

type Recruitment = NonNullable<Dashboard['recruitment']>;

/** A recruiter's week: the candidates they added and the pipeline moves they made, the latest listed. */
export function MyWeekWidget({ data }: { data: Recruitment }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const { candidatesAdded: added, moves } = data;
  return (
    <Widget title={t('dashboard:recruitment.myWeek')} testId="widget-my-week">
      {!added.count && !moves.count ? (
        <WidgetEmpty>{t('dashboard:recruitment.nothingThisWeek')}</WidgetEmpty>
      ) : (
        <Stack spacing={2}>
          <Box>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('dashboard:recruitment.candidatesAdded')}: <strong data-testid="my-week-added">{fmt.number(added.count)}</strong>
            </Typography>
            <List dense disablePadding>
              {added.recent.map((c) => (
                <ListItem key={c.id} disableGutters>
                  <Link component={RouterLink} to={`/candidates/${c.id}`} underline="hover" dir="auto">
                    {c.fullName}
                  </Link>
                </ListItem>
              ))}
            </List>
          </Box>
          <Box>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('dashboard:recruitment.moves')}: <strong data-testid="my-week-moves">{fmt.number(moves.count)}</strong>
            </Typography>
            <List dense disablePadding>
              {moves.recent.map((m) => (
                <ListItem key={m.id} disableGutters>
                  <ListItemText
                    primary={
                      <Link component={RouterLink} to={`/jobs/${m.jobId}`} underline="hover" dir="auto">
                        {m.candidateName}
                      </Link>
                    }
                    secondary={
                      <>
                        <span dir="auto">{m.jobTitle}</span>
                        {' · '}
                        {m.fromStage
                          ? t('jobs:pipeline.eventMoved', { from: t(`jobs:stages.${m.fromStage}`), to: t(`jobs:stages.${m.toStage}`) })
                          : t('jobs:pipeline.eventAdded', { to: t(`jobs:stages.${m.toStage}`) })}
                      </>
                    }
                  />
                </ListItem>
              ))}
            </List>
          </Box>
        </Stack>
      )}
    </Widget>
  );
}

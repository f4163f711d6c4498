import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { addMonths } from '../../../domain/months';

type Props = {
  /** The month shown, 'YYYY-MM', and its title. */
  shown: string;
  title: string;
  /** The title's id: the grid is labelled by it. */
  titleId: string;
  today: string;
  rtl: boolean;
  go: (month: string) => void;
  actions?: ReactNode;
  busy?: boolean;
  testId: string;
};

/** The calendar's header: previous / next / this month around the month's title, the caller's actions, a loading bar. */
export function CalendarHeader({ shown, title, titleId, today, rtl, go, actions, busy, testId }: Props) {
  const { t } = useTranslation();
  const [Back, Forward] = rtl ? [ChevronRight, ChevronLeft] : [ChevronLeft, ChevronRight];
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
      <Tooltip title={t('common:calendar.previous')}>
        <IconButton aria-label={t('common:calendar.previous')} onClick={() => go(addMonths(shown, -1))} data-testid={`${testId}-previous`}>
          <Back />
        </IconButton>
      </Tooltip>
      <Typography
        id={titleId}
        data-testid={`${testId}-title`}
        variant="h6"
        component="h2"
        aria-live="polite"
        sx={{ minWidth: '10rem', textAlign: 'center' }}
      >
        {title}
      </Typography>
      <Tooltip title={t('common:calendar.next')}>
        <IconButton aria-label={t('common:calendar.next')} onClick={() => go(addMonths(shown, 1))} data-testid={`${testId}-next`}>
          <Forward />
        </IconButton>
      </Tooltip>
      <Button
        size="small"
        variant="outlined"
        onClick={() => go(today.slice(0, 7))}
        disabled={today.startsWith(shown)}
        sx={{ marginInlineStart: 'auto' }}
      >
        {t('common:calendar.thisMonth')}
      </Button>
      {actions}
      {busy && <LinearProgress aria-label={t('common:loading')} sx={{ flexBasis: '100%', height: 2 }} />}
    </Box>
  );
}

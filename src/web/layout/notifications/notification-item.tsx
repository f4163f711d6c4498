import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { TINTS, tintedIcon } from '../../theme/create-theme';
import CompareArrows from '@mui/icons-material/CompareArrows';
import EditNote from '@mui/icons-material/EditNote';
import NotificationsNone from '@mui/icons-material/NotificationsNone';
import PersonAddAlt1 from '@mui/icons-material/PersonAddAlt1';
import PersonRemove from '@mui/icons-material/PersonRemove';
import PersonSearch from '@mui/icons-material/PersonSearch';
import HelpOutline from '@mui/icons-material/HelpOutline';
import QuestionAnswerOutlined from '@mui/icons-material/QuestionAnswerOutlined';
import SupportAgent from '@mui/icons-material/SupportAgent';
import WorkOutline from '@mui/icons-material/WorkOutline';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ReactElement } from 'react';
import type { NotificationItem as Item } from './types';
import { useFormatters } from '../../i18n/format';
import { NOTIFICATION_NAMESPACES, notificationText } from './notification-text';

type Look = { icon: ReactElement; color: 'primary' | 'info' | 'success' | 'warning' | 'error' | 'secondary' };

const LOOKS: Record<string, Look> = {
  job_created: { icon: <WorkOutline fontSize="small" />, color: 'success' },
  job_updated: { icon: <EditNote fontSize="small" />, color: 'info' },
  job_status_changed: { icon: <CompareArrows fontSize="small" />, color: 'warning' },
  candidate_status_changed: { icon: <PersonSearch fontSize="small" />, color: 'secondary' },
  candidate_added: { icon: <PersonAddAlt1 fontSize="small" />, color: 'primary' },
  candidate_removed: { icon: <PersonRemove fontSize="small" />, color: 'error' },
  ticket_in_progress: { icon: <SupportAgent fontSize="small" />, color: 'warning' },
  ticket_resolved: { icon: <SupportAgent fontSize="small" />, color: 'success' },
  ticket_closed: { icon: <SupportAgent fontSize="small" />, color: 'secondary' },
  ticket_reopened: { icon: <SupportAgent fontSize="small" />, color: 'info' },
  ticket_reply: { icon: <SupportAgent fontSize="small" />, color: 'info' },
  statement_question: { icon: <HelpOutline fontSize="small" />, color: 'warning' },
  statement_answer: { icon: <QuestionAnswerOutlined fontSize="small" />, color: 'success' },
};
const DEFAULT_LOOK: Look = { icon: <NotificationsNone fontSize="small" />, color: 'info' };

/**
 * The texts the server writes itself (the demo seed's announcements) are stored in English
 * under one type, 'announcement', which does not tell them apart: they are recognised by
 * their English title and shown in the user's language. People's own texts are shown as written.
 */
const SYSTEM_TEXTS: Record<string, { key: string; message: string }> = {
  'Welcome to the back office': { key: 'welcome', message: 'Your account is ready. Explore the sections your role gives you.' },
  'Timesheets close on Friday': { key: 'timesheets', message: 'Please log this week’s hours before Friday 18:00.' },
};

export function systemTextKey(item: Pick<Item, 'title' | 'message'>): string | undefined {
  const known = SYSTEM_TEXTS[item.title];
  return known && known.message === item.message ? known.key : undefined;
}

export function notificationLook(type: string): Look {
  return LOOKS[type] ?? DEFAULT_LOOK;
}

export function NotificationListItem({ item, onClick }: { item: Item; onClick: (item: Item) => void }) {
  const { t, i18n } = useTranslation(NOTIFICATION_NAMESPACES);
  const fmt = useFormatters();
  const look = notificationLook(item.type);
  const system = systemTextKey(item);
  const typed = notificationText(i18n, fmt, item);
  const title = system ? t(`notifications:system.${system}.title`) : typed.title;
  const message = system ? t(`notifications:system.${system}.message`) : typed.message;
  const by = item.changedByUser?.fullName;
  const created = dayjs(item.createdAt);
  return (
    // A list item (the panel's list holds only list items), the button inside it.
    <Box component="li" sx={{ listStyle: 'none' }}>
      <ListItemButton
        onClick={() => onClick(item)}
        data-testid="notification-item"
        data-type={item.type}
        data-read={item.isRead ? 'true' : 'false'}
        sx={(theme) => ({
          alignItems: 'flex-start',
          gap: 1.5,
          py: 1.5,
          px: 2.5,
          borderBottom: `1px dashed ${theme.palette.divider}`,
          ...(!item.isRead && { bgcolor: alpha(theme.palette.primary.main, TINTS.unreadNotification) }),
        })}
      >
        <Avatar
          sx={(theme) => ({
            width: 36,
            height: 36,
            ...tintedIcon(theme, look.color),
          })}
          data-icon={item.type}
        >
          {look.icon}
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {/* Titles and messages come in any language: their own direction orders the
            words and punctuation; 'left' is mirrored to the page's side in right-to-left. */}
          <Typography variant="subtitle2" dir="auto" sx={{ fontWeight: item.isRead ? 500 : 700, textAlign: 'left' }}>
            {title}
          </Typography>
          <Typography variant="body2" dir="auto" sx={{ color: 'text.secondary', overflowWrap: 'anywhere', textAlign: 'left' }}>
            {message}
          </Typography>
          <Typography
            variant="caption"
            component="div"
            sx={{ mt: 0.5, color: 'text.secondary', display: 'flex', gap: 0.75, flexWrap: 'wrap' }}
          >
            <time dateTime={item.createdAt} title={created.isValid() ? created.format('LLL') : undefined} key={i18n.language}>
              {created.isValid() ? created.fromNow() : ''}
            </time>
            {by && <span>· {t('notifications:by', { name: by })}</span>}
          </Typography>
        </Box>
        {!item.isRead && (
          <Box
            data-testid="notification-unread-dot"
            role="img"
            aria-label={t('notifications:unread')}
            sx={{ mt: 1, width: 8, height: 8, flexShrink: 0, borderRadius: '50%', bgcolor: 'info.main' }}
          />
        )}
      </ListItemButton>
    </Box>
  );
}

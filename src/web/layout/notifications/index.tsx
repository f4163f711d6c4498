import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useInfiniteQuery, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DoneAll from '@mui/icons-material/DoneAll';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import { useTranslation } from 'react-i18next';
import { toast } from '../../toast';
import { NotificationListItem } from './notification-item';
import { notificationHref } from './notification-text';
import { errorText } from '../../i18n/error-text';
import { toHttpError } from '../../providers/session';
import { fetchNotifications, fetchUnreadCount, markAllAsRead, markAsRead, serverMessage } from './notifications-api';
import {
  NOTIFICATIONS_PAGE_SIZE,
  NOTIFICATIONS_REFETCH_MS,
  NOTIFICATION_NAVIGATE_DELAY_MS,
  notificationKeys,
  type NotificationItem,
  type NotificationPage,
} from './types';
import { useNotificationSocket } from './use-notification-socket';

export { useNotificationSocket } from './use-notification-socket';
export * from './types';

/** Header bell with the notifications panel (sections 2, 4, 7, 8). */
export function NotificationsPopover() {
  const { t } = useTranslation('notifications');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busyAll, setBusyAll] = useState(false);

  const list = useInfiniteQuery({
    queryKey: notificationKeys.list,
    queryFn: ({ pageParam }) => fetchNotifications(pageParam, NOTIFICATIONS_PAGE_SIZE),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.data.length, 0);
      return last.total > loaded && last.data.length > 0 ? pages.length + 1 : undefined;
    },
    refetchInterval: NOTIFICATIONS_REFETCH_MS,
  });

  const unread = useQuery({
    queryKey: notificationKeys.unreadCount,
    queryFn: fetchUnreadCount,
    refetchInterval: NOTIFICATIONS_REFETCH_MS,
  });

  // The shown count is the latest of the fetched and the live one.
  const [count, setCount] = useState(0);
  const fetchedCount = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (unread.data === undefined) return;
    fetchedCount.current = unread.data;
    setCount(unread.data);
  }, [unread.data, unread.dataUpdatedAt]);

  const refetchAll = useCallback(() => queryClient.invalidateQueries({ queryKey: notificationKeys.all }), [queryClient]);

  useNotificationSocket({
    onNotification: () => {
      void refetchAll();
    },
    onUnreadCount: (live) => {
      setCount(live);
      if (live !== fetchedCount.current) void refetchAll();
    },
  });

  const items: NotificationItem[] = list.data?.pages.flatMap((p) => p.data) ?? [];
  const total = list.data?.pages.at(-1)?.total ?? 0;

  // Spec §8: the server's message, else the fallback. Our server's messages carry a code and
  // are shown in the user's language by it; a message without a code is shown as sent.
  const failure = (error: unknown, fallback: string) => {
    const message = serverMessage(error);
    if (!message) return t(fallback);
    return toHttpError(error).code ? errorText(t, error) : message;
  };

  const setItemRead = (id: NotificationItem['id']) => {
    queryClient.setQueryData<InfiniteData<NotificationPage>>(notificationKeys.list, (old) =>
      old ? { ...old, pages: old.pages.map((p) => ({ ...p, data: p.data.map((n) => (n.id === id ? { ...n, isRead: true } : n)) })) } : old,
    );
  };

  const onItemClick = async (item: NotificationItem) => {
    const href = notificationHref(item);
    if (href) {
      setAnchor(null);
      setTimeout(() => navigate(href), NOTIFICATION_NAVIGATE_DELAY_MS);
    }
    if (item.isRead) return;
    try {
      setItemRead(item.id);
      setCount((c) => Math.max(0, c - 1));
      await markAsRead(item.id);
    } catch (error) {
      toast.error(failure(error, 'markFailed'));
    } finally {
      void refetchAll();
    }
  };

  const onMarkAll = async () => {
    setBusyAll(true);
    try {
      await markAllAsRead();
      toast.success(t('markAllSuccess'));
    } catch (error) {
      toast.error(failure(error, 'markAllFailed'));
    } finally {
      setBusyAll(false);
      void refetchAll();
    }
  };

  const open = Boolean(anchor);

  return (
    <>
      <Tooltip title={t('title')}>
        <IconButton
          onClick={(e) => {
            setAnchor(e.currentTarget);
            void list.refetch();
          }}
          aria-label={`${t('title')}${count > 0 ? ` (${count})` : ''}`}
          aria-haspopup="dialog"
          aria-expanded={open}
          data-testid="notifications-button"
          color={open ? 'primary' : 'default'}
        >
          <Badge badgeContent={count} color="error" max={99} data-testid="notifications-badge">
            <NotificationsOutlined />
          </Badge>
        </IconButton>
      </Tooltip>

      <Popover
        open={open}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            sx: { width: 360, maxWidth: 'calc(100vw - 16px)', display: 'flex', flexDirection: 'column', maxHeight: 560 },
            role: 'dialog',
            'aria-labelledby': 'notifications-title',
            'data-testid': 'notifications-panel',
          } as object,
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', py: 2, pl: 2.5, pr: 1.5 }}>
          <Box sx={{ flexGrow: 1 }}>
            <Typography id="notifications-title" variant="subtitle1" component="h2">
              {t('title')}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="notifications-unread-text">
              {t('unreadMessages', { count })}
            </Typography>
          </Box>
          {count > 0 && (
            <Tooltip title={t('markAllAsRead')}>
              <span>
                <IconButton color="primary" onClick={onMarkAll} disabled={busyAll} aria-label={t('markAllAsRead')}>
                  {busyAll ? <CircularProgress size={20} /> : <DoneAll />}
                </IconButton>
              </span>
            </Tooltip>
          )}
        </Box>
        <Divider sx={{ borderStyle: 'dashed' }} />

        <Box sx={{ flex: 1, overflowY: 'auto' }}>
          {list.isLoading ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
              <CircularProgress size={24} />
            </Box>
          ) : items.length === 0 ? (
            <Typography sx={{ py: 5, textAlign: 'center', color: 'text.secondary' }} data-testid="notifications-empty">
              {list.isError ? t('loadError') : t('empty')}
            </Typography>
          ) : (
            <List disablePadding data-testid="notifications-list">
              {items.map((item) => (
                <NotificationListItem key={item.id} item={item} onClick={onItemClick} />
              ))}
            </List>
          )}
        </Box>

        {list.hasNextPage && total > items.length && (
          <>
            <Divider sx={{ borderStyle: 'dashed' }} />
            <Box sx={{ p: 1 }}>
              <Button
                fullWidth
                size="large"
                color="inherit"
                onClick={() => void list.fetchNextPage()}
                disabled={list.isFetchingNextPage}
                data-testid="notifications-load-more"
              >
                {list.isFetchingNextPage ? <CircularProgress size={20} /> : t('loadMore')}
              </Button>
            </Box>
          </>
        )}
      </Popover>
    </>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MonthChecklist } from '../../domain/modules/month-close/month-close.schema';
import { checklistLink } from '../../domain/modules/month-close/month-close.rules';
import { useFormatters } from '../i18n/format';
import { http } from '../providers/http';
import { ErrorState } from './error-state';

// What is unfinished in a month before its close (decision 021): each item's count links to its
// filtered list; drafts refuse the close, the other open items are confirmed by their counts.

export function useMonthChecklist(month: string, enabled: boolean) {
  return useQuery({
    queryKey: ['month-closes', 'checklist', month],
    queryFn: async () => (await http.get<MonthChecklist>(`/api/v1/month-closes/${month}/checklist`)).data,
    enabled,
  });
}

/** The counts the close confirms: every open item but the blocking ones. */
export const confirmationOf = (list: MonthChecklist) =>
  Object.fromEntries(list.items.filter((i) => !i.blocking && i.count > 0).map((i) => [i.key, i.count]));

/** What the close may do with this checklist: refused (drafts), confirmed (other open items), or plain. */
export function closeReadiness(list: MonthChecklist | undefined) {
  const blocked = !!list?.items.some((i) => i.blocking && i.count > 0);
  const open = !!list?.items.some((i) => !i.blocking && i.count > 0);
  return { blocked, open };
}

export function MonthChecklistView({
  month,
  query,
  confirmed,
  onConfirm,
  onNavigate,
}: {
  month: string;
  query: ReturnType<typeof useMonthChecklist>;
  confirmed: boolean;
  onConfirm: (on: boolean) => void;
  /** Following a link leaves the dialog. */
  onNavigate: () => void;
}) {
  const { t } = useTranslation(['month-close']);
  const fmt = useFormatters();
  if (query.isPending) return <Skeleton variant="rounded" height={160} />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const list = query.data;
  const { blocked, open } = closeReadiness(list);
  const counted = list.items.filter((i) => !i.blocking && i.count > 0);
  return (
    <Stack spacing={1.5} data-testid="month-checklist">
      <Typography variant="subtitle2" component="h3">
        {t('month-close:checklist.title', { month: fmt.month(month, 'long') })}
      </Typography>
      <List dense disablePadding>
        {list.items.map((item) => (
          <ListItem key={item.key} disableGutters data-testid={`check-${item.key}`} sx={{ gap: 1, justifyContent: 'space-between' }}>
            {item.count > 0 ? (
              <Link component={RouterLink} to={checklistLink(item.key, month)} onClick={onNavigate}>
                {t(`month-close:checklist.items.${item.key}`)}
              </Link>
            ) : (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t(`month-close:checklist.items.${item.key}`)}
              </Typography>
            )}
            <Chip
              size="small"
              label={fmt.number(item.count)}
              color={item.count === 0 ? 'success' : item.blocking ? 'error' : 'warning'}
              variant={item.count === 0 ? 'outlined' : 'filled'}
              data-testid={`count-${item.key}`}
            />
          </ListItem>
        ))}
      </List>
      {blocked && (
        <Alert severity="error" data-testid="checklist-blocked">
          {t('month-close:checklist.blocked')}
        </Alert>
      )}
      {!blocked && open && (
        <FormControlLabel
          control={<Checkbox checked={confirmed} onChange={(e) => onConfirm(e.target.checked)} data-testid="checklist-confirm" />}
          label={t('month-close:checklist.confirm', {
            items: counted.map((i) => `${t(`month-close:checklist.items.${i.key}`)}: ${fmt.number(i.count)}`).join(' · '),
          })}
        />
      )}
      {!blocked && !open && <Alert severity="success">{t('month-close:checklist.clear')}</Alert>}
    </Stack>
  );
}

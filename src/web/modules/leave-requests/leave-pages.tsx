import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { useAuthContext } from '../../providers/auth-context';
import { ResourceForm } from '../../components/resource/resource-form';
import { ResourceList } from '../../components/resource/resource-list';
import { BalanceCard, BalancePreview } from './leave-balance';
import { MyLeaveCalendar, useLeaveLive } from './leave-calendar';

/**
 * My requests (the caller's own, whatever their role: others' requests are on the approvals page)
 * under my balance of this year and my month's calendar.
 */
export function LeaveListPage() {
  useLeaveLive();
  const { user } = useAuthContext();
  const mine = useMemo(() => (user?.id ? { userId: String(user.id) } : undefined), [user?.id]);
  return (
    <Box>
      <BalanceCard />
      <MyLeaveCalendar />
      {mine && <ResourceList resource="leave-requests" fixed={mine} />}
    </Box>
  );
}

/** The request form, with what the dates cost and the balance before and after. */
export function LeaveCreatePage() {
  return (
    <ResourceForm resource="leave-requests" action="create">
      <BalancePreview />
    </ResourceForm>
  );
}

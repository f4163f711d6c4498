import Box from '@mui/material/Box';
import { ResourceForm } from '../../components/resource/resource-form';
import { ResourceList } from '../../components/resource/resource-list';
import { BalanceCard, BalancePreview } from './leave-balance';
import { MyLeaveCalendar, useLeaveLive } from './leave-calendar';

/** My requests (what the caller may see) under my balance of this year and my month's calendar. */
export function LeaveListPage() {
  useLeaveLive();
  return (
    <Box>
      <BalanceCard />
      <MyLeaveCalendar />
      <ResourceList resource="leave-requests" />
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

import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import type { WebModule } from '../../app/web-module';

// The kit's pages; the leave screens of their own (approvals, dashboard) come later.
export const webModule: WebModule = { resource: 'holidays', icon: EventBusyOutlinedIcon };

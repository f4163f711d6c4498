import SupportAgentOutlinedIcon from '@mui/icons-material/SupportAgentOutlined';
import type { WebModule } from '../../app/web-module';

// The kit's list; the form leaves out what the caller does not set, the detail page carries the status moves.
export const webModule: WebModule = {
  resource: 'tickets',
  icon: SupportAgentOutlinedIcon,
  pages: {
    create: () => import('./ticket-pages').then((m) => m.TicketCreatePage),
    edit: () => import('./ticket-pages').then((m) => m.TicketEditPage),
    show: () => import('./ticket-pages').then((m) => m.TicketShowPage),
  },
};

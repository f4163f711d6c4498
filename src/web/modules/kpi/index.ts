import EmojiEventsOutlinedIcon from '@mui/icons-material/EmojiEventsOutlined';
import type { WebModule } from '../../app/web-module';

// The kit's list and detail page; the form adds the quarter's metrics. The progress page and the
// team dashboard are routes of their own (app/routes.tsx).
export const webModule: WebModule = {
  resource: 'kpi',
  icon: EmojiEventsOutlinedIcon,
  pages: {
    create: () => import('./kpi-form-page').then((m) => m.KpiCreatePage),
    edit: () => import('./kpi-form-page').then((m) => m.KpiEditPage),
  },
};

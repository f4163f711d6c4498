import RedeemOutlinedIcon from '@mui/icons-material/RedeemOutlined';
import type { WebModule } from '../../app/web-module';

// The kit's list and form; the detail page adds Mark paid and Mark unpaid.
export const webModule: WebModule = {
  resource: 'project-bonuses',
  icon: RedeemOutlinedIcon,
  pages: { show: () => import('./bonus-show-page').then((m) => m.ProjectBonusShowPage) },
};

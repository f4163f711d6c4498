import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import type { WebModule } from '../../app/web-module';

export const webModule: WebModule = {
  resource: 'customers',
  icon: BusinessOutlinedIcon,
  pages: { show: () => import('./customer-show-page').then((m) => m.CustomerShowPage) },
};

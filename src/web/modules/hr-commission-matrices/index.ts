import ListAltOutlinedIcon from '@mui/icons-material/ListAltOutlined';
import type { WebModule } from '../../app/web-module';

// Every page is the kit's; give one of your own with `pages: { show: () => import('./…') }`.
export const webModule: WebModule = { resource: 'hr-commission-matrices', icon: ListAltOutlinedIcon };

import StairsOutlinedIcon from '@mui/icons-material/StairsOutlined';
import type { WebModule } from '../../app/web-module';

// The kit's list and detail page; the form adds the scale's levels.
export const webModule: WebModule = {
  resource: 'bonus-scales',
  icon: StairsOutlinedIcon,
  pages: {
    create: () => import('./scale-form-page').then((m) => m.ScaleCreatePage),
    edit: () => import('./scale-form-page').then((m) => m.ScaleEditPage),
  },
};

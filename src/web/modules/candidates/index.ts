import PersonSearchOutlinedIcon from '@mui/icons-material/PersonSearchOutlined';
import type { WebModule } from '../../app/web-module';

export const webModule: WebModule = {
  resource: 'candidates',
  icon: PersonSearchOutlinedIcon,
  pages: { show: () => import('./candidate-show-page').then((m) => m.CandidateShowPage) },
};

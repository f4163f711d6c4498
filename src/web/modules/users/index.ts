import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import type { WebModule } from '../../app/web-module';

// The list and show pages are the kit's; the form adds the users' own rules (user-form.tsx).
export const webModule: WebModule = {
  resource: 'users',
  icon: PeopleAltOutlinedIcon,
  pages: {
    create: () => import('./user-form').then((m) => m.UserCreatePage),
    edit: () => import('./user-form').then((m) => m.UserEditPage),
  },
};

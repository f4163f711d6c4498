import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import type { WebModule } from '../../app/web-module';

// The list and show pages are the kit's (the list with a link to the access page for admins); the
// form adds the users' own rules (user-form.tsx).
export const webModule: WebModule = {
  resource: 'users',
  icon: PeopleAltOutlinedIcon,
  // The list's link to the access page is worded in the layout's navbar namespace.
  listNamespaces: [],
  pages: {
    list: () => import('./users-list-page').then((m) => m.UsersListPage),
    create: () => import('./user-form').then((m) => m.UserCreatePage),
    edit: () => import('./user-form').then((m) => m.UserEditPage),
  },
};

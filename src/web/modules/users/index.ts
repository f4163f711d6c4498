import { UserListPage } from './user-list-page';
import { UserFormPage } from './user-form';

export { UserListPage, UserFormPage };

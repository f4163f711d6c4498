import { useParams } from 'react-router';
import { ROLES } from '../../../domain/auth/permissions';
import { ResourceForm } from '../../components/resource/resource-form';
import { useAuthContext } from '../../providers/auth-context';

// What is really the users': only an admin sees and assigns the admin role; nobody changes
// their own role or status; a user is not their own manager. The password is on create only
// (the update schema has none). Everything else is the declaration's.

function useUserRules(id?: string) {
  const { role, user } = useAuthContext();
  const self = !!id && id === user?.id;
  return {
    choices: { role: role === 'admin' ? ROLES : ROLES.filter((r) => r !== 'admin') },
    disabled: self ? ['role', 'status'] : [],
    exclude: { managerId: id ? [id] : [] },
    transform: (v: Record<string, unknown>) => {
      if (!self) return v;
      const { role: _role, status: _status, ...rest } = v;
      return rest;
    },
  };
}

export function UserCreatePage() {
  return <ResourceForm resource="users" action="create" presets={{ role: 'developer' }} {...useUserRules()} />;
}

export function UserEditPage() {
  const { id } = useParams();
  return <ResourceForm key={id} resource="users" action="edit" id={id} {...useUserRules(id)} />;
}

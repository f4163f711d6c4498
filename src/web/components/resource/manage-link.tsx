import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import { can, resourceByName } from '../../../domain/resources';
import { useResource } from './use-resource';

/** Reference lists (tech stacks), in the navigation of their keepers only, are reached from the forms that pick them too. */
export function ManageLink({ resource, role }: { resource: string; role: string }) {
  const { t } = useResource(resource);
  const decl = resourceByName(resource);
  if (!decl || decl.nav === undefined || !can(role, resource, 'list')) return null;
  return (
    <Link component={RouterLink} to={decl.route} variant="body2" sx={{ display: 'inline-block', mt: 0.5 }}>
      {t('common:resource.manage', { title: t(`${resource}:title`) })}
    </Link>
  );
}

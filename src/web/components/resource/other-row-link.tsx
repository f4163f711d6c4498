import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import type { TFunction } from 'i18next';

/** Under a field the server refused because another row has its value (a duplicate): that row, to open. */
export function OtherRowLink({ field, route, row, t }: { field: string; route: string; row: { id: string; name: string }; t: TFunction }) {
  return (
    <Link
      component={RouterLink}
      to={`${route}/${row.id}`}
      variant="body2"
      dir="auto"
      sx={{ display: 'inline-block', mt: 0.5, marginInlineStart: 1.75 }}
      data-testid={`${field}-other-row`}
    >
      {t('common:resource.openOther', { name: row.name })}
    </Link>
  );
}

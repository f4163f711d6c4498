import { createContext, useContext } from 'react';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import type { TFunction } from 'i18next';
import type { NamedRows } from './form-refusal';

/** The rows the form's last refusal named, by field: for a page's own inputs (an invoice's lines) to link them too. */
export const NamedRowsContext = createContext<NamedRows>({});
export const useNamedRow = (field: string) => useContext(NamedRowsContext)[field];

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

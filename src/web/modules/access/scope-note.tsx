import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import type { z } from 'zod';
import type { accessScopeSchema } from '../../../domain/modules/access/access.schema';

type Scope = z.infer<typeof accessScopeSchema>;

/** A module's row rule, which the matrix does not change: said where it applies. */
export function ScopeNote({ scope }: { scope: Scope }) {
  const { t } = useTranslation();
  const roles = scope.roles.map((r) => t(`users:roles.${r}`)).join(', ');
  // A field without words of its own reads as "the person it belongs to", never as its code.
  const field = t([`access:scope.fields.${scope.field}`, 'access:scope.fields.other']);
  return (
    <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }} data-testid="access-scope">
      {t(scope.applies === 'all' ? 'access:scope.all' : 'access:scope.write', { roles, field })}
      {scope.managers ? ` ${t('access:scope.managers')}` : ''}
    </Typography>
  );
}

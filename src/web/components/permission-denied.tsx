import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ForbiddenIllustration } from './forbidden-illustration';

type Props = {
  /** Show the denial view; without it, a denied guard renders nothing. */
  hasContent?: boolean;
  /** The current role, shown under the text when given. */
  role?: string;
  children?: ReactNode;
};

export function PermissionDeniedView({ role }: { role?: string }) {
  const { t } = useTranslation('errors');
  return (
    <Container maxWidth="sm" sx={{ py: 10, textAlign: 'center' }} data-testid="permission-denied">
      <Typography variant="h3" component="h1" sx={{ mb: 2 }}>
        {t('permissionDenied.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>{t('permissionDenied.description')}</Typography>
      {role !== undefined && (
        <Typography sx={{ mt: 1, color: 'text.secondary' }} data-testid="current-role">
          {t('permissionDenied.currentRole', {
            // The role's name in the user's language (users namespace), its code if unknown.
            role: role ? t(`users:roles.${role.toLowerCase()}`, { defaultValue: role }) : t('permissionDenied.noRole'),
          })}
        </Typography>
      )}
      <Box sx={{ my: { xs: 5, sm: 8 } }}>
        <ForbiddenIllustration />
      </Box>
      <Button component={RouterLink} to="/" size="large" variant="contained">
        {t('notFound.home')}
      </Button>
    </Container>
  );
}

/** Role-gated wrapper (spec §6): children when the role is accepted or no list is given. */
export function RoleBasedGuard({
  acceptRoles,
  currentRole,
  hasContent,
  children,
}: Props & { acceptRoles?: readonly string[]; currentRole: string }) {
  if (acceptRoles && !acceptRoles.includes(currentRole.toLowerCase())) {
    return hasContent ? <PermissionDeniedView role={currentRole} /> : null;
  }
  return <>{children}</>;
}

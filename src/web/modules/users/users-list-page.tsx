import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import { ResourceList } from '../../components/resource/resource-list';
import { useAuthContext } from '../../providers/auth-context';

/** The kit's list of people; for an admin, the way to what each role may do. */
export function UsersListPage() {
  const { t } = useTranslation();
  const { role } = useAuthContext();
  return (
    <Box>
      {role === 'admin' && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
          <Button component={RouterLink} to="/users/access" startIcon={<AdminPanelSettingsOutlinedIcon />} data-testid="users-access-link">
            {t('navbar:access')}
          </Button>
        </Box>
      )}
      <ResourceList resource="users" />
    </Box>
  );
}

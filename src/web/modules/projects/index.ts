import WorkspacesOutlinedIcon from '@mui/icons-material/WorkspacesOutlined';
import type { WebModule } from '../../app/web-module';

// Every page is the kit's; projects are listed on their own and on their customer's page.
export const webModule: WebModule = { resource: 'projects', icon: WorkspacesOutlinedIcon };

import WorkspacesOutlinedIcon from '@mui/icons-material/WorkspacesOutlined';
import type { WebModule } from '../../app/web-module';

// Every page is the kit's; projects are reached from their customer's page (nav: false).
export const webModule: WebModule = { resource: 'projects', icon: WorkspacesOutlinedIcon };

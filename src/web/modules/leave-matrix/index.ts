import GridOnOutlinedIcon from '@mui/icons-material/GridOnOutlined';
import type { WebModule } from '../../app/web-module';

// The kit's pages; the leave screens of their own (approvals, dashboard) come later.
export const webModule: WebModule = { resource: 'leave-matrix', icon: GridOnOutlinedIcon };

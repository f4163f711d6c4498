import ScheduleOutlinedIcon from '@mui/icons-material/ScheduleOutlined';
import type { WebModule } from '../../app/web-module';

export const webModule: WebModule = { resource: 'timesheets', icon: ScheduleOutlinedIcon };

import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import type { WebModule } from '../../app/web-module';

// Every page is the kit's: a month, a person, a score and a note.
export const webModule: WebModule = { resource: 'performances', icon: InsightsOutlinedIcon };

import CodeOutlinedIcon from '@mui/icons-material/CodeOutlined';
import type { WebModule } from '../../app/web-module';

// Every page is the kit's; reached from the forms that pick tech stacks (nav: false).
export const webModule: WebModule = { resource: 'tech-stacks', icon: CodeOutlinedIcon };

import CodeOutlinedIcon from '@mui/icons-material/CodeOutlined';
import type { WebModule } from '../../app/web-module';

// Every page is the kit's; in the navigation of those who keep them, reached from the forms that pick them.
export const webModule: WebModule = { resource: 'tech-stacks', icon: CodeOutlinedIcon };

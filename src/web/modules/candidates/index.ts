import PersonSearchOutlinedIcon from '@mui/icons-material/PersonSearchOutlined';
import type { WebModule } from '../../app/web-module';

// The kit's pages for now; the detail page with CVs and pipelines comes with recruitment.
export const webModule: WebModule = { resource: 'candidates', icon: PersonSearchOutlinedIcon };

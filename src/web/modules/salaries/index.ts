import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import type { WebModule } from '../../app/web-module';

// The list is the kit's under "import" and "export this month"; the form is the kit's (the net is
// the server's); the detail page adds approve and mark paid. The import stepper (/salary/import) is
// the kit's, with the month as its first step.
export const webModule: WebModule = {
  resource: 'salaries',
  icon: PaymentsOutlinedIcon,
  pages: {
    list: () => import('./salary-list-page').then((m) => m.SalaryListPage),
    show: () => import('./salary-show-page').then((m) => m.SalaryShowPage),
    import: () => import('./salary-import-page').then((m) => m.SalaryImportPage),
  },
};

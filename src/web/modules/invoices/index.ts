import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import type { WebModule } from '../../app/web-module';

// The list is the kit's (its columns, filters and overdue flag come from the declaration) under a
// "draft from headcount" button; the form adds the lines editor with live totals, the detail page
// the state's actions.
export const webModule: WebModule = {
  resource: 'invoices',
  icon: ReceiptLongOutlinedIcon,
  pages: {
    list: () => import('./invoice-list-page').then((m) => m.InvoiceListPage),
    create: () => import('./invoice-form-page').then((m) => m.InvoiceCreatePage),
    edit: () => import('./invoice-form-page').then((m) => m.InvoiceEditPage),
    show: () => import('./invoice-show-page').then((m) => m.InvoiceShowPage),
  },
};

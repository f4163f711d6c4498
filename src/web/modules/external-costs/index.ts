import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import type { WebModule } from '../../app/web-module';

// The list and the detail page are the kit's (columns, filters, the vendor invoices' card from the
// declaration), the list under a link to the closed months; the form adds the amount, currency and rate
// typed as decimals, and warns when a vendor's invoice number is already on another cost.
export const webModule: WebModule = {
  resource: 'external-costs',
  icon: PaymentsOutlinedIcon,
  pages: {
    list: () => import('./cost-list-page').then((m) => m.CostListPage),
    create: () => import('./cost-form-page').then((m) => m.CostCreatePage),
    edit: () => import('./cost-form-page').then((m) => m.CostEditPage),
  },
};

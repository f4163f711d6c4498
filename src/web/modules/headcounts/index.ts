import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import type { WebModule } from '../../app/web-module';

// The list page adds the bench; a customer's page gets its placements and its share links.
export const webModule: WebModule = {
  resource: 'headcounts',
  icon: BadgeOutlinedIcon,
  pages: { list: () => import('./headcount-list-page').then((m) => m.HeadcountListPage) },
  contributes: [
    { to: 'customers', related: { field: 'customerId' } },
    {
      to: 'customers',
      tab: { labelKey: 'headcounts:share.tab', action: 'share', load: () => import('./share-links').then((m) => m.ShareLinks) },
    },
  ],
};

import type { ReactNode } from 'react';
import DashboardIcon from '@mui/icons-material/SpaceDashboardOutlined';
import InvoiceIcon from '@mui/icons-material/ReceiptLongOutlined';
import SalaryIcon from '@mui/icons-material/PaymentsOutlined';
import LogworkIcon from '@mui/icons-material/ScheduleOutlined';
import JobsIcon from '@mui/icons-material/WorkOutlineOutlined';
import CostsIcon from '@mui/icons-material/RequestQuoteOutlined';
import PnlIcon from '@mui/icons-material/QueryStatsOutlined';
import KpiIcon from '@mui/icons-material/EmojiEventsOutlined';
import CommissionIcon from '@mui/icons-material/MonetizationOnOutlined';
import HrCommissionIcon from '@mui/icons-material/VolunteerActivismOutlined';
import LeaveIcon from '@mui/icons-material/BeachAccessOutlined';
import { NAV_ROLES, canSeeNavItem, navRole, type Role, type Section } from '../../domain/auth/permissions';
import { can } from '../../domain/resources';
import { resourceNav } from '../app/modules';

// The side navigation of spec §2, filtered by §6. Labels are keys of the i18n
// namespace `navbar` (W2's). An item with an explicit role list shows only to those roles;
// otherwise it shows when the role's sections include the item's section. Children
// with role lists are filtered; empty groups are hidden. Unknown role → developer.
// Items that are resources (users, customers) take their path, icon and section from the
// registry and their web module, and show to the roles that may list them (or do the action
// their declaration names: tech stacks to their keepers); resources declared `nav: false` have
// no item. A resource that belongs to another is a child of that one's item (projects under
// customers, tech stacks under candidates: their sections), beside the list itself; a parent
// left with only its own list is that list's item again.

export type NavItem = {
  id: string;
  titleKey: string;
  path: string;
  icon?: ReactNode;
  section?: Section;
  /** A resource's item shows to whoever may list it (or do `action`), the firm's access overrides included. */
  resource?: string;
  action?: string;
  roles?: readonly Role[];
  children?: NavItem[];
};

export type NavGroup = { id: string; subheaderKey: string; items: NavItem[] };

const child = (id: string, titleKey: string, path: string, roles?: readonly Role[]): NavItem => ({
  id,
  titleKey,
  path,
  roles,
});

export const NAV_GROUPS: NavGroup[] = [
  {
    id: 'overview',
    subheaderKey: 'navbar:overview',
    items: [
      {
        id: 'dashboard',
        titleKey: 'navbar:dashboard',
        path: '/',
        icon: <DashboardIcon />,
        section: 'dashboard',
      },
    ],
  },
  {
    id: 'management',
    subheaderKey: 'navbar:management',
    items: [
      { id: 'users', titleKey: 'navbar:users', ...resourceNav('users') },
      { id: 'headcount', titleKey: 'navbar:headcount', ...resourceNav('headcounts') },
      {
        id: 'invoice',
        titleKey: 'navbar:invoice',
        path: '/invoices',
        icon: <InvoiceIcon />,
        section: 'invoice',
      },
      {
        id: 'salary',
        titleKey: 'navbar:salary',
        path: '/salary',
        icon: <SalaryIcon />,
        section: 'salary',
      },
      {
        id: 'logworks',
        titleKey: 'navbar:logworks',
        path: '/logwork',
        icon: <LogworkIcon />,
        section: 'logworks',
        children: [
          child('logworks.mine', 'navbar:myLogwork', '/logwork'),
          child('logworks.all-devs', 'navbar:allDevelopers', '/logwork/all-devs', NAV_ROLES['/logwork/all-devs']),
        ],
      },
      {
        id: 'candidates',
        titleKey: 'navbar:candidates',
        ...resourceNav('candidates'),
        children: [
          { id: 'candidates.list', titleKey: 'navbar:candidates', ...resourceNav('candidates') },
          { id: 'candidates.tech-stacks', titleKey: 'navbar:techStacks', ...resourceNav('tech-stacks') },
        ],
      },
      {
        id: 'customers',
        titleKey: 'navbar:customers',
        ...resourceNav('customers'),
        children: [
          { id: 'customers.list', titleKey: 'navbar:customers', ...resourceNav('customers') },
          { id: 'customers.projects', titleKey: 'navbar:projects', ...resourceNav('projects') },
        ],
      },
      {
        id: 'jobs',
        titleKey: 'navbar:jobs',
        path: '/jobs',
        icon: <JobsIcon />,
        section: 'jobs',
      },
      {
        id: 'external-costs',
        titleKey: 'navbar:externalCosts',
        path: '/external-costs',
        icon: <CostsIcon />,
        section: 'external-costs',
        roles: NAV_ROLES['/external-costs'],
      },
      {
        id: 'pnl',
        titleKey: 'navbar:profitAndLoss',
        path: '/pnl',
        icon: <PnlIcon />,
        section: 'pnl',
        roles: NAV_ROLES['/pnl'],
      },
      {
        id: 'kpi',
        titleKey: 'navbar:kpi',
        path: '/kpi',
        icon: <KpiIcon />,
        section: 'kpi',
        roles: NAV_ROLES['/kpi'],
        children: [
          child('kpi.list', 'navbar:kpiList', '/kpi', NAV_ROLES['/kpi/list']),
          child('kpi.dashboard', 'navbar:dashboard', '/kpi/dashboard', NAV_ROLES['/kpi/dashboard']),
          {
            id: 'kpi.project-bonuses',
            titleKey: 'navbar:projectBonuses',
            ...resourceNav('project-bonuses'),
            roles: NAV_ROLES['/kpi/project-bonuses'],
          },
        ],
      },
      {
        id: 'commission',
        titleKey: 'navbar:commission',
        ...resourceNav('commissions'),
        icon: <CommissionIcon />,
        roles: NAV_ROLES['/commission'],
        children: [
          child('commission.dashboard', 'navbar:dashboard', '/commission/dashboard'),
          {
            id: 'commission.matrix',
            titleKey: 'navbar:matrix',
            ...resourceNav('commission-plans'),
            roles: NAV_ROLES['/commission/matrix'],
          },
        ],
      },
      {
        id: 'hr-commission',
        titleKey: 'navbar:hrCommission',
        path: '/hr-commission',
        icon: <HrCommissionIcon />,
        section: 'hr-commission',
        roles: NAV_ROLES['/hr-commission'],
        children: [
          child('hr-commission.dashboard', 'navbar:dashboard', '/hr-commission/dashboard'),
          child('hr-commission.matrix', 'navbar:matrix', '/hr-commission/matrix', NAV_ROLES['/hr-commission/matrix']),
        ],
      },
      {
        id: 'leave',
        titleKey: 'navbar:leave',
        path: '/leave',
        icon: <LeaveIcon />,
        section: 'leave',
        children: [
          child('leave.mine', 'navbar:myRequests', '/leave'),
          child('leave.approvals', 'navbar:approvals', '/leave/approvals', NAV_ROLES['/leave/approvals']),
          child('leave.dashboard', 'navbar:dashboard', '/leave/dashboard', NAV_ROLES['/leave/dashboard']),
          child('leave.matrix', 'navbar:matrix', '/leave/matrix', NAV_ROLES['/leave/matrix']),
        ],
      },
      // The request desk: every signed-in role files tickets (its section is Dashboard, which every role has).
      { id: 'tickets', titleKey: 'navbar:tickets', ...resourceNav('tickets') },
    ],
  },
];

const visible = (role: unknown, item: NavItem) =>
  item.resource ? can(navRole(role), item.resource, item.action ?? 'list') : !item.roles || canSeeNavItem(role, item);

/** The navigation a role sees. */
export function navForRole(role: unknown, groups: NavGroup[] = NAV_GROUPS): NavGroup[] {
  return groups
    .map((group) => ({
      ...group,
      items: group.items
        .filter((item) => (item.resource ? visible(role, item) : canSeeNavItem(role, item)))
        .flatMap((item): NavItem[] => {
          if (!item.children) return [item];
          const children = item.children.filter((c) => visible(role, c));
          if (!children.length) return [];
          // Only the list itself left (a sale has no tech stacks under candidates): the list's own item.
          if (children.length === 1 && children[0]!.path === item.path && item.resource) return [{ ...item, children: undefined }];
          return [{ ...item, children }];
        }),
    }))
    .filter((group) => group.items.length > 0);
}

/** Whether an item is the current location's: its own path, or one of its children's. */
export function isActiveItem(item: NavItem, pathname: string): boolean {
  return isActivePath(item.path, pathname) || !!item.children?.some((c) => isActivePath(c.path, pathname));
}

/** Whether a nav path is the active one for the current location. */
export function isActivePath(itemPath: string, pathname: string, deep = true): boolean {
  if (itemPath === '/') return pathname === '/';
  if (pathname === itemPath) return true;
  return deep && pathname.startsWith(itemPath + '/');
}

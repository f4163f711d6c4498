import { expect, test, type Page } from './support/test';
import { ROLES, signIn, useEnglish, type DemoRole } from './support/session';

// The spec's navigation (section 2) filtered by section 6, written out per role so the
// test does not reuse the code it checks. Parent items are followed by their children.
// Projects and tech stacks, which the spec's list leaves out, are children of customers and
// candidates (their sections) for the roles that may list projects and that keep tech stacks.
const ALL = [
  'dashboard',
  'users',
  'headcount',
  'invoice',
  'salary',
  'logworks',
  'logworks.mine',
  'logworks.all-devs',
  'candidates',
  'candidates.list',
  'candidates.tech-stacks',
  'customers',
  'customers.list',
  'customers.projects',
  'jobs',
  'external-costs',
  'pnl',
  'kpi',
  'kpi.list',
  'kpi.dashboard',
  'kpi.project-bonuses',
  'commission',
  'commission.dashboard',
  'commission.matrix',
  'hr-commission',
  'hr-commission.dashboard',
  'hr-commission.matrix',
  'leave',
  'leave.mine',
  'leave.approvals',
  'leave.dashboard',
  'leave.matrix',
  // The request desk, every role's.
  'tickets',
];

const EXPECTED: Record<DemoRole, string[]> = {
  admin: ALL,
  hr_lead: ALL,
  sale_lead: ALL.filter((id) => !id.startsWith('hr-commission') && !['commission.matrix', 'leave.matrix'].includes(id)),
  developer: ['dashboard', 'logworks', 'logworks.mine', 'leave', 'leave.mine', 'tickets'],
  hr: [
    'dashboard',
    'users',
    'logworks',
    'logworks.mine',
    'logworks.all-devs',
    'candidates',
    'candidates.list',
    'candidates.tech-stacks',
    'customers',
    'customers.list',
    'customers.projects',
    'jobs',
    'external-costs',
    'hr-commission',
    'hr-commission.dashboard',
    'leave',
    'leave.mine',
    'tickets',
  ],
  sale: [
    'dashboard',
    'headcount',
    'invoice',
    'candidates',
    'customers',
    'customers.list',
    'customers.projects',
    'jobs',
    'external-costs',
    'kpi',
    'kpi.dashboard',
    'kpi.project-bonuses',
    'commission',
    'commission.dashboard',
    'leave',
    'leave.mine',
    'tickets',
  ],
  manager: [
    'dashboard',
    'users',
    'headcount',
    'invoice',
    'candidates',
    'customers',
    'customers.list',
    'customers.projects',
    'jobs',
    'external-costs',
    'pnl',
    'leave',
    'leave.mine',
    'leave.approvals',
    'tickets',
  ],
};

// The labels the spec gives the items.
const LABELS: Record<string, string> = {
  dashboard: 'Dashboard',
  users: 'Users',
  headcount: 'Headcount',
  invoice: 'Invoice',
  salary: 'Salary',
  logworks: 'Logworks',
  'logworks.mine': 'My Logwork',
  'logworks.all-devs': 'All Developers',
  candidates: 'Candidates',
  'candidates.list': 'Candidates',
  'candidates.tech-stacks': 'Tech Stacks',
  customers: 'Customers',
  'customers.list': 'Customers',
  'customers.projects': 'Projects',
  jobs: 'Jobs',
  'external-costs': 'External Costs',
  pnl: 'Profit & Loss',
  kpi: 'KPI',
  'kpi.list': 'KPI List',
  'kpi.dashboard': 'Dashboard',
  'kpi.project-bonuses': 'Project Bonuses',
  commission: 'Commission',
  'commission.dashboard': 'Dashboard',
  'commission.matrix': 'Matrix',
  'hr-commission': 'HR Commission',
  'hr-commission.dashboard': 'Dashboard',
  'hr-commission.matrix': 'Matrix',
  leave: 'Leave',
  'leave.mine': 'My Requests',
  'leave.approvals': 'Approvals',
  'leave.dashboard': 'Dashboard',
  'leave.matrix': 'Matrix',
  tickets: 'Tickets',
};

// A section each role lacks (section table), with the path visited.
const FORBIDDEN: Partial<Record<DemoRole, string>> = {
  sale_lead: '/hr-commission/dashboard',
  developer: '/users',
  hr: '/invoices',
  sale: '/users/new',
  manager: '/salary',
};

async function navItems(page: Page) {
  const nav = page.getByTestId('nav');
  await expect(nav.locator('[data-nav-item="dashboard"]')).toBeAttached();
  return nav.locator('[data-nav-item]').evaluateAll((els) =>
    els.map((el) => ({
      id: el.getAttribute('data-nav-item')!,
      label: (el.textContent ?? '').trim(),
    })),
  );
}

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

for (const role of ROLES) {
  test(`${role} sees exactly the navigation the spec gives it`, async ({ page }) => {
    await signIn(page, role);
    const items = await navItems(page);
    expect(items.map((i) => i.id)).toEqual(EXPECTED[role]);
    for (const item of items) expect(item.label, item.id).toBe(LABELS[item.id]);
    // Groups: Overview always (Dashboard); Management whenever the role has anything else.
    await expect(page.getByTestId('nav').getByText('Overview', { exact: true })).toBeVisible();
    await expect(page.getByTestId('nav').getByText('Management', { exact: true })).toBeVisible();

    const forbidden = FORBIDDEN[role];
    if (forbidden) {
      await page.goto(forbidden);
      const denied = page.getByTestId('permission-denied');
      await expect(denied).toBeVisible();
      await expect(denied.getByRole('heading', { name: 'Permission denied' })).toBeVisible();
      await expect(denied).toContainText('You do not have permission to access this page.');
      // The role by its name in the user's language, not its code.
      const roleNames: Record<string, string> = {
        admin: 'Admin',
        hr_lead: 'HR lead',
        sale_lead: 'Sales lead',
        developer: 'Developer',
        hr: 'HR',
        sale: 'Sales',
        manager: 'Manager',
      };
      await expect(page.getByTestId('current-role')).toHaveText(`Your role: ${roleNames[role]}`);
      await expect(denied.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/');
      await expect(denied.locator('svg')).toBeVisible();
    }
  });
}

test('a sale, who manages projects, reaches their list from the navigation under Customers', async ({ page }) => {
  await signIn(page, 'sale');
  const nav = page.getByTestId('nav');
  await nav.locator('[data-nav-item="customers"]').click();
  await nav.locator('[data-nav-item="customers.projects"]').click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New project' }).first()).toBeVisible();
  await expect(nav.locator('[data-nav-item="customers.projects"]')).toHaveAttribute('aria-current', 'page');
});

test('a developer, who may not list projects, has no such item and is refused the page', async ({ page }) => {
  await signIn(page, 'developer');
  const nav = page.getByTestId('nav');
  await expect(nav.locator('[data-nav-item="dashboard"]')).toBeAttached();
  await expect(nav.locator('[data-nav-item="customers.projects"], [data-nav-item="candidates.tech-stacks"]')).toHaveCount(0);
  await page.goto('/projects');
  await expect(page.getByTestId('permission-denied')).toBeVisible();
});

test('a module not built yet shows the coming-soon page inside the layout', async ({ page }) => {
  await signIn(page, 'admin');
  // The last module still to build (when it lands, this test goes with the coming-soon page).
  await page.goto('/hr-commission/dashboard');
  await expect(page.getByTestId('coming-soon')).toContainText('This module is coming soon');
  await expect(page.getByTestId('nav')).toBeVisible();
});

test('the vertical navigation collapses to mini and back', async ({ page }) => {
  await signIn(page, 'admin');
  const side = page.getByTestId('nav-side');
  await expect(side).toHaveCSS('width', '300px');
  await page.getByTestId('nav-toggle').click();
  await expect(side).toHaveCSS('width', '88px');
  await page.getByTestId('nav-toggle').click();
  await expect(side).toHaveCSS('width', '300px');
});

test('children open from their group and navigate', async ({ page }) => {
  await signIn(page, 'admin');
  await page.locator('[data-nav-item="leave"]').click();
  await page.locator('[data-nav-item="leave.approvals"]').click();
  await expect(page).toHaveURL(/\/leave\/approvals$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Leave approvals' })).toBeVisible();
  await page.locator('[data-nav-item="logworks"]').click();
  await page.locator('[data-nav-item="logworks.all-devs"]').click();
  await expect(page).toHaveURL(/\/logwork\/all-devs$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All developers' })).toBeVisible();
});

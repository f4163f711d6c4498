import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { NotFoundView } from '../components/not-found';
import { loadAllNamespaces, loadNamespaces, SHELL_NAMESPACES } from '../i18n';
import { useAuthContext } from '../providers/auth-context';
import { SIGN_IN_PATH } from '../providers/session';
import { AuthGuard, GuestGuard } from './guards';
import { RootShell } from './root-shell';
import { RouteErrorBoundary } from './route-error-boundary';

// Route-level code splitting: every page is its own chunk, and the sign-in page loads
// neither Refine nor the signed-in layout (signed-in-shell.tsx).
const named = <T extends object>(loader: () => Promise<T>, name: keyof T) =>
  lazy(() => loader().then((m) => ({ default: m[name] as unknown as ComponentType })));

/** A signed-in page, shown once its translations are in: the namespaces it names, else all of them. */
const signedIn = <T extends object>(loader: () => Promise<T>, name: keyof T, namespaces?: readonly string[]) =>
  named(() => Promise.all([loader(), namespaces ? loadNamespaces(namespaces) : loadAllNamespaces()]).then(([m]) => m), name);

const AuthLayout = named(() => import('../modules/auth/auth-layout'), 'AuthLayout');
const SignInPage = named(() => import('../modules/auth/sign-in-page'), 'SignInPage');
const SignUpPage = named(() => import('../modules/auth/sign-up-page'), 'SignUpPage');
const VerifyPage = named(() => import('../modules/auth/verify-page'), 'VerifyPage');
const SetupPage = named(() => import('../modules/auth/setup-page'), 'SetupPage');
const ResetPasswordPage = named(() => import('../modules/auth/reset-password-page'), 'ResetPasswordPage');
const UpdatePasswordPage = named(() => import('../modules/auth/update-password-page'), 'UpdatePasswordPage');
// The signed-in layout renders once its namespaces are in; each page waits for its own.
const SignedInShell = named(
  () => Promise.all([import('./signed-in-shell'), loadNamespaces(SHELL_NAMESPACES)]).then(([m]) => m),
  'SignedInShell',
);
// The widgets' words: recruitment (jobs), leave (its requests and balances), costs (their categories).
const DashboardPage = signedIn(() => import('../modules/dashboard/dashboard-page'), 'DashboardPage', [
  'dashboard',
  'users',
  'jobs',
  'leave-requests',
  'leave-matrix',
  'external-costs',
  'kpi',
]);
const PersonalInfoPage = signedIn(() => import('../modules/personal-info/personal-info-page'), 'PersonalInfoPage');
// Resources' routes are generated from the registry (resource-routes.tsx); the registry
// carries the domain's zod schemas, so it loads with the signed-in screens, not sign-in.
const ResourceRoutes = named(() => import('./resource-routes'), 'ResourceRoutes');
// A customer's read-only view through a share link: no sign-in, no layout.
const LeaveDashboardPage = signedIn(() => import('../modules/leave-requests/leave-dashboard-page'), 'LeaveDashboardPage');
const InvoiceAnalyticsPage = signedIn(() => import('../modules/invoices/invoice-analytics-page'), 'InvoiceAnalyticsPage');
const PnlPage = signedIn(() => import('../modules/pnl/pnl-page'), 'PnlPage');
const KpiProgressPage = signedIn(() => import('../modules/kpi/kpi-progress-page'), 'KpiProgressPage', ['kpi', 'statements', 'users']);
const CommissionDashboardPage = signedIn(() => import('../modules/commissions/commission-dashboard-page'), 'CommissionDashboardPage', [
  'commissions',
  'statements',
]);
const KpiDashboardPage = signedIn(() => import('../modules/kpi/kpi-dashboard-page'), 'KpiDashboardPage', ['kpi']);
const KpiQuarterPage = signedIn(() => import('../modules/kpi/kpi-quarter-page'), 'KpiQuarterPage', [
  'kpi',
  'kpi-bonuses',
  'kpi-evaluations',
  'statements',
]);
const HrCommissionDashboardPage = signedIn(
  () => import('../modules/hr-commissions/hr-commission-dashboard-page'),
  'HrCommissionDashboardPage',
  ['hr-commissions', 'validation'],
);
const AllDevsPage = signedIn(() => import('../modules/timesheets/all-devs-page'), 'AllDevsPage');
const LeaveApprovalsPage = signedIn(() => import('../modules/leave-requests/leave-approvals-page'), 'LeaveApprovalsPage');
const AccessPage = signedIn(() => import('../modules/access/access-page'), 'AccessPage');
const MonthClosePage = signedIn(() => import('../modules/month-close/month-close-page'), 'MonthClosePage');
const FirmSettingsPage = signedIn(() => import('../modules/firm-settings/firm-settings-page'), 'FirmSettingsPage', [
  'firm-settings',
  'customers',
  'validation',
  'errors',
]);
const SharedHeadcountPage = named(() => import('../modules/headcounts/shared-headcount-page'), 'SharedHeadcountPage');
const SignedOutElsewhere = named(
  () => import('./resource-routes').then((m) => ({ SignedOutElsewhere: () => <SignedOut isResource={m.isResourcePath} /> })),
  'SignedOutElsewhere',
);

const page = (node: ReactNode, portal = false) => <Suspense fallback={<LoadingScreen portal={portal} />}>{node}</Suspense>;

/** `/clients…` → `/customers…`, with the rest of the path, the query and the hash as they were. */
function ToCustomers() {
  const { pathname, search, hash } = useLocation();
  return <Navigate to={{ pathname: pathname.replace(/^\/clients(?=\/|$)/, '/customers'), search, hash }} replace />;
}

/** A signed-out visitor to a path the shell doesn't know: sign-in for a resource's page, else not found. */
function SignedOut({ isResource }: { isResource: (pathname: string) => boolean }) {
  const location = useLocation();
  if (!isResource(location.pathname)) return <NotFoundView />;
  const current = `${location.pathname}${location.search}${location.hash}`;
  return <Navigate to={`${SIGN_IN_PATH}?${new URLSearchParams({ returnTo: current }).toString()}`} replace state={{ from: location }} />;
}

function SignedInGate() {
  const { loading, authenticated, error } = useAuthContext();
  const location = useLocation();
  // Signed out for sure (not merely unchecked because the server is unreachable: AuthGuard says so).
  if (!loading && !authenticated && !error && !matchRoutes(SHELL_ROUTES, location)) return page(<SignedOutElsewhere />, true);
  return <AuthGuard>{page(<SignedInShell />, true)}</AuthGuard>;
}

/** The signed-in screens that are not resources: dashboard, personal info and the modules still to build. */
export const SHELL_ROUTES: RouteObject[] = [
  { index: true, element: page(<DashboardPage />) },
  { path: 'personal-info', element: page(<PersonalInfoPage />) },
  // Before the users resource's /users/:id: who may do what, for admins (decision 014).
  { path: 'users/access', element: page(<AccessPage />) },
  // The firm's details on its invoices, for admins.
  { path: 'firm-settings', element: page(<FirmSettingsPage />) },
  // Before the external costs' /external-costs/:id: the firm's closed months (decision 017).
  { path: 'external-costs/month-close', element: page(<MonthClosePage />) },
  // The spec's other name for customers: its list, new, edit and detail pages, query and id kept.
  { path: 'clients/*', element: <ToCustomers /> },
  { path: 'logwork/all-devs', element: page(<AllDevsPage />) },
  // Before the invoices resource's /invoices/:id.
  { path: 'invoices/analytics', element: page(<InvoiceAnalyticsPage />) },
  { path: 'pnl', element: page(<PnlPage />) },
  // Before the KPI resource's /kpi/:id.
  { path: 'kpi/progress/:userId/:year', element: page(<KpiProgressPage />) },
  { path: 'kpi/dashboard', element: page(<KpiDashboardPage />) },
  { path: 'kpi/quarterly-summary', element: page(<KpiQuarterPage />) },
  // Before the commission statements' /commission/:id; the matrix is the plans resource's own list.
  { path: 'commission/dashboard', element: page(<CommissionDashboardPage />) },
  // /hr-commission/matrix and /hr-commission/statements are the HR commission resources' own pages.
  { path: 'hr-commission/dashboard', element: page(<HrCommissionDashboardPage />) },
  // /leave, /leave/new, /leave/{id} and /leave/matrix are the leave resources' own pages.
  // The spec's second address of my requests.
  { path: 'leave/request', element: <Navigate to="/leave" replace /> },
  { path: 'leave/dashboard', element: page(<LeaveDashboardPage />) },
  { path: 'leave/approvals', element: page(<LeaveApprovalsPage />) },
];

export const routes: RouteObject[] = [
  {
    element: <RootShell />,
    children: [
      {
        path: 'auth',
        element: <GuestGuard>{page(<AuthLayout />, true)}</GuestGuard>,
        children: [
          { path: 'sign-in', element: page(<SignInPage />) },
          { path: 'sign-up', element: page(<SignUpPage />) },
          { path: 'verify', element: page(<VerifyPage />) },
          { path: 'setup', element: page(<SetupPage />) },
          { path: 'reset-password', element: page(<ResetPasswordPage />) },
          { path: 'update-password', element: page(<UpdatePasswordPage />) },
        ],
      },
      {
        element: <SignedInGate />,
        children: [
          ...SHELL_ROUTES,
          // Resources (users, customers, projects, tech stacks…) and, failing them, not found.
          { path: '*', element: page(<ResourceRoutes />) },
        ],
      },
      { path: 'share/headcount', element: page(<SharedHeadcountPage />, true) },
      { path: '*', element: <NotFoundView /> },
    ],
  },
];

/**
 * The route table in a <BrowserRouter> (declarative mode: the app has no loaders or
 * actions, and the data router's code would weigh on the sign-in page). A render error
 * shows the route error view until the next navigation, as the data router's root
 * errorElement did.
 */
export function AppRoutes() {
  const location = useLocation();
  const element = useRoutes(routes);
  return <RouteErrorBoundary location={location}>{element}</RouteErrorBoundary>;
}

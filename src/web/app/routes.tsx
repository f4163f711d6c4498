import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, useParams, type RouteObject } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { NotFoundView } from '../components/not-found';
import { RouteErrorPage } from '../components/route-error';
import { AuthGuard, GuestGuard } from './guards';
import { RootShell } from './root-shell';

// Route-level code splitting: the sign-in page does not load the signed-in layout.
const named = <T extends object>(loader: () => Promise<T>, name: keyof T) =>
  lazy(() => loader().then((m) => ({ default: m[name] as unknown as ComponentType })));

const AuthLayout = named(() => import('../modules/auth'), 'AuthLayout');
const SignInPage = named(() => import('../modules/auth'), 'SignInPage');
const SignUpPage = named(() => import('../modules/auth'), 'SignUpPage');
const VerifyPage = named(() => import('../modules/auth'), 'VerifyPage');
const ResetPasswordPage = named(() => import('../modules/auth'), 'ResetPasswordPage');
const UpdatePasswordPage = named(() => import('../modules/auth'), 'UpdatePasswordPage');
const DashboardLayout = named(() => import('../layout/dashboard-layout'), 'DashboardLayout');
const DashboardPage = named(() => import('../modules/dashboard'), 'DashboardPage');
const PersonalInfoPage = named(() => import('../modules/personal-info'), 'PersonalInfoPage');
const UserListPage = named(() => import('../modules/users/user-list-page'), 'UserListPage');
const UserFormPageLazy = lazy(() =>
  import('../modules/users/user-form').then((m) => ({
    default: m.UserFormPage,
  })),
);
const ComingSoonView = lazy(() =>
  import('../components/coming-soon').then((m) => ({
    default: m.ComingSoonView,
  })),
);

const page = (node: ReactNode, portal = false) => <Suspense fallback={<LoadingScreen portal={portal} />}>{node}</Suspense>;

function UserEditRoute() {
  const { id } = useParams();
  return <UserFormPageLazy action="edit" id={id} />;
}

/** Not built yet: a translated "coming soon" page inside the layout, role-guarded. */
const soon = (path: string, ...titleKeys: string[]): RouteObject => ({
  path,
  element: page(<ComingSoonView titleKeys={titleKeys} />),
});

/** root, root/new and root/:id/edit. */
const crudSoon = (root: string, titleKey: string): RouteObject[] => [
  soon(root, titleKey),
  soon(`${root}/new`, titleKey, 'auth:pages.new'),
  soon(`${root}/:id/edit`, titleKey, 'auth:pages.edit'),
];

export const routes: RouteObject[] = [
  {
    element: <RootShell />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        path: 'auth',
        element: <GuestGuard>{page(<AuthLayout />, true)}</GuestGuard>,
        children: [
          { path: 'sign-in', element: page(<SignInPage />) },
          { path: 'sign-up', element: page(<SignUpPage />) },
          { path: 'verify', element: page(<VerifyPage />) },
          { path: 'reset-password', element: page(<ResetPasswordPage />) },
          { path: 'update-password', element: page(<UpdatePasswordPage />) },
        ],
      },
      {
        element: <AuthGuard>{page(<DashboardLayout />, true)}</AuthGuard>,
        children: [
          { index: true, element: page(<DashboardPage />) },
          { path: 'personal-info', element: page(<PersonalInfoPage />) },
          { path: 'users', element: page(<UserListPage />) },
          {
            path: 'users/new',
            element: page(<UserFormPageLazy action="create" />),
          },
          { path: 'users/:id/edit', element: page(<UserEditRoute />) },
          ...crudSoon('headcounts', 'navbar:headcount'),
          ...crudSoon('invoices', 'navbar:invoice'),
          ...crudSoon('salary', 'navbar:salary'),
          ...crudSoon('candidates', 'navbar:candidates'),
          ...crudSoon('customers', 'navbar:customers'),
          soon('customers/:id', 'navbar:customers', 'auth:pages.detail'),
          ...crudSoon('jobs', 'navbar:jobs'),
          soon('jobs/:id', 'navbar:jobs', 'auth:pages.detail'),
          ...crudSoon('external-costs', 'navbar:externalCosts'),
          ...crudSoon('kpi', 'navbar:kpi'),
          ...crudSoon('clients', 'navbar:clients'),
          ...crudSoon('tickets', 'navbar:tickets'),
          soon('logwork', 'navbar:logworks', 'navbar:myLogwork'),
          soon('logwork/all-devs', 'navbar:logworks', 'navbar:allDevelopers'),
          soon('pnl', 'navbar:profitAndLoss'),
          soon('kpi/progress/:userId/:year', 'navbar:kpi', 'auth:nav.kpiProgress'),
          soon('kpi/dashboard', 'navbar:kpi', 'navbar:dashboard'),
          soon('kpi/project-bonuses', 'navbar:kpi', 'navbar:projectBonuses'),
          soon('kpi/quarterly-summary', 'navbar:kpi', 'navbar:kpiQuarterlySummary'),
          soon('commission/dashboard', 'navbar:commission', 'navbar:dashboard'),
          soon('commission/matrix', 'navbar:commission', 'navbar:matrix'),
          soon('hr-commission/dashboard', 'navbar:hrCommission', 'navbar:dashboard'),
          soon('hr-commission/matrix', 'navbar:hrCommission', 'navbar:matrix'),
          soon('leave', 'navbar:leave', 'navbar:myRequests'),
          soon('leave/request', 'navbar:leave', 'navbar:myRequests'),
          soon('leave/matrix', 'navbar:leave', 'navbar:matrix'),
          soon('leave/dashboard', 'navbar:leave', 'navbar:dashboard'),
          soon('leave/approvals', 'navbar:leave', 'navbar:approvals'),
          soon('leave/new', 'navbar:leave', 'auth:pages.new'),
          soon('leave/:id/edit', 'navbar:leave', 'auth:pages.edit'),
          soon('leave/:id', 'navbar:leave', 'auth:pages.detail'),
        ],
      },
      { path: '*', element: <NotFoundView /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);

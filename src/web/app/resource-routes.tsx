import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { matchRoutes, useParams, useRoutes, type RouteObject } from 'react-router';
import type { ResourceDecl } from '../../domain/resource';
import { can } from '../../domain/resources';
import { importOf } from '../components/import/importable';
import { loadAllNamespaces, loadNamespaces } from '../i18n';
import { LoadingScreen } from '../components/loading-screen';
import { NotFoundView } from '../components/not-found';
import { PermissionDeniedView } from '../components/permission-denied';
import { useAuthContext } from '../providers/auth-context';
import { WEB_RESOURCES } from './modules';
import type { PageKind, ResourcePage, WebModule } from './web-module';

// The routes of every resource, generated from the registry and the web modules: list,
// new, :id/edit and :id, and import for a resource that declares one, each guarded by the action
// it performs (not only the section).

const generic: Record<PageKind, () => Promise<ResourcePage>> = {
  list: () => import('../components/resource/generic-pages').then((m) => m.GenericListPage),
  create: () => import('../components/resource/generic-pages').then((m) => m.GenericCreatePage),
  edit: () => import('../components/resource/generic-pages').then((m) => m.GenericEditPage),
  show: () => import('../components/resource/generic-pages').then((m) => m.GenericShowPage),
  import: () => import('../components/import/resource-import-page').then((m) => m.ResourceImportPage),
};

const ACTION: Record<PageKind, string> = { list: 'list', create: 'create', edit: 'edit', show: 'show', import: 'import' };
// `import` is matched before `:id` (a static segment ranks first).
const SUFFIX: Record<PageKind, string> = { list: '', create: '/new', edit: '/:id/edit', show: '/:id', import: '/import' };
/** The import stepper's words: the kit's, the resource's and those of the resources it points to (the preview names them). */
const IMPORT_NAMESPACES = ['common', 'validation', 'errors'];

/** The pages a resource has: the four of every resource, and its import when it declares one or writes its own. */
export const pageKinds = (decl: ResourceDecl, module: WebModule): PageKind[] => [
  'list',
  'create',
  'edit',
  'show',
  ...(importOf(decl) || module.pages?.import ? (['import'] as const) : []),
];

function ResourceRoute({
  resource,
  kind,
  Page,
}: {
  resource: string;
  kind: PageKind;
  Page: LazyExoticComponent<ComponentType<{ resource: string }>>;
}) {
  const { role } = useAuthContext();
  useParams(); // re-render on :id changes
  if (!can(role, resource, ACTION[kind])) return <PermissionDeniedView role={role} />;
  return (
    <Suspense fallback={<LoadingScreen portal={false} />}>
      <Page resource={resource} />
    </Suspense>
  );
}

/**
 * The translations a resource's list page shows, beyond the layout's: the resource's own (title,
 * fields, values, search), those of the resources it points to and of those pointing to it (the
 * archive dialog names them), and what the module's own list page declares. Undefined (every
 * namespace) for a module's own list page that declares nothing. Forms and detail pages, with
 * their tabs from other modules, load every namespace.
 */
export function listNamespaces(decl: ResourceDecl, module: WebModule): string[] | undefined {
  if (module.pages?.list && !module.listNamespaces) return undefined;
  const refs = Object.values(decl.fields).flatMap((f) => (f.ref ? [f.ref.resource] : []));
  const dependants = (decl.dependants ?? []).map((d) => d.resource);
  return [...new Set([decl.name, ...refs, ...dependants, ...(module.listNamespaces ?? [])])];
}

/** The resource's own namespace and those of the resources its fields point to. */
const importNamespaces = (decl: ResourceDecl) => [
  ...new Set([decl.name, ...Object.values(decl.fields).flatMap((f) => (f.ref ? [f.ref.resource] : []))]),
];

export const RESOURCE_ROUTES: RouteObject[] = WEB_RESOURCES.flatMap(({ decl, module }) =>
  pageKinds(decl, module).map((kind) => {
    const loader = module.pages?.[kind] ?? generic[kind];
    const namespaces =
      kind === 'list' ? listNamespaces(decl, module) : kind === 'import' ? [...IMPORT_NAMESPACES, ...importNamespaces(decl)] : undefined;
    const Page = lazy(() =>
      Promise.all([loader(), namespaces ? loadNamespaces(namespaces) : loadAllNamespaces()]).then(([c]) => ({ default: c })),
    );
    return { path: `${decl.route.slice(1)}${SUFFIX[kind]}`, element: <ResourceRoute resource={decl.name} kind={kind} Page={Page} /> };
  }),
);

/** Inside the signed-in layout: a resource's page, else not found. */
export function ResourceRoutes() {
  return useRoutes(RESOURCE_ROUTES) ?? <NotFoundView />;
}

export function isResourcePath(pathname: string): boolean {
  return !!matchRoutes(RESOURCE_ROUTES, pathname);
}

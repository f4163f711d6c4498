import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NAMESPACES, SHELL_NAMESPACES } from '../i18n';
import { NOTIFICATION_NAMESPACES } from '../layout/notifications/notification-text';
import { WEB_RESOURCES, webResource } from './modules';
import { importOf } from '../components/import/importable';
import { listNamespaces, pageKinds, RESOURCE_ROUTES } from './resource-routes';

describe('the translations a list page waits for', () => {
  it("is a kit list's resource, the resources it points to and those pointing to it", () => {
    const customers = webResource('customers')!;
    expect(listNamespaces(customers.decl, customers.module)?.sort()).toEqual(
      ['customers', 'headcounts', 'invoices', 'jobs', 'projects', 'tickets', 'users'].sort(),
    );
  });

  it("adds what a module's own list page declares; one that declares nothing waits for them all", () => {
    const users = webResource('users')!;
    expect(users.module.pages?.list).toBeDefined();
    expect(listNamespaces(users.decl, users.module)).toEqual(['users']);
    expect(listNamespaces(users.decl, { ...users.module, listNamespaces: ['access'] })).toEqual(['users', 'access']);
    expect(listNamespaces(users.decl, { ...users.module, listNamespaces: undefined })).toBeUndefined();
  });

  it('names only namespaces that exist', () => {
    for (const { decl, module } of WEB_RESOURCES)
      for (const ns of listNamespaces(decl, module) ?? []) expect(NAMESPACES, decl.name).toContain(ns);
  });

  it("has the layout's namespaces in before any page: the bell's words and the roles' names among them", () => {
    expect(SHELL_NAMESPACES).toEqual(
      expect.arrayContaining(['common', 'auth', 'errors', 'navbar', 'settings', 'users', ...NOTIFICATION_NAMESPACES]),
    );
  });
});

describe('the import pages', () => {
  it('are those of the resources that declare an import, and of a module with its own stepper (the salaries)', () => {
    const salaries = webResource('salaries')!;
    expect(pageKinds(salaries.decl, salaries.module)).toContain('import');
    for (const { decl, module } of WEB_RESOURCES)
      expect(pageKinds(decl, module).includes('import'), decl.name).toBe(!!importOf(decl) || !!module.pages?.import);
    const paths = RESOURCE_ROUTES.map((r) => r.path);
    expect(paths).toContain('salary/import');
    for (const { decl } of WEB_RESOURCES.filter((r) => importOf(r.decl))) expect(paths).toContain(`${decl.route.slice(1)}/import`);
  });

  it('win over the detail page /<route>/:id, which would read "import" as an id', () => {
    expect(matchRoutes(RESOURCE_ROUTES, '/salary/import')?.[0]?.route.path).toBe('salary/import');
    expect(matchRoutes(RESOURCE_ROUTES, '/salary/0b7e6a55-0000-4000-8000-000000000000')?.[0]?.route.path).toBe('salary/:id');
  });
});

import { describe, expect, it } from 'vitest';
import { NAMESPACES, SHELL_NAMESPACES } from '../i18n';
import { NOTIFICATION_NAMESPACES } from '../layout/notifications/notification-text';
import { WEB_RESOURCES, webResource } from './modules';
import { listNamespaces } from './resource-routes';

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

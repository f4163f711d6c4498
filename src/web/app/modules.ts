import { createElement, type ReactNode } from 'react';
import type { ResourceProps } from '@refinedev/core';
import { RESOURCES } from '../../domain/resources';
import type { ResourceDecl } from '../../domain/resource';
import type { HistoryField, ShowContribution, WebModule } from './web-module';

// The app's resources come from the domain registry joined with the web modules found on
// disk: no hand list of resources anywhere. A resource without a web module has no screens.
const found = import.meta.glob<WebModule>('../modules/*/index.ts', { eager: true, import: 'webModule' });
const WEB_MODULES = new Map(Object.values(found).map((m) => [m.resource, m]));

export type WebResource = { decl: ResourceDecl; module: WebModule };

export const WEB_RESOURCES: WebResource[] = RESOURCES.flatMap((decl) => {
  const module = WEB_MODULES.get(decl.name);
  return module ? [{ decl, module }] : [];
});

export function webResource(name: string): WebResource | undefined {
  return WEB_RESOURCES.find((r) => r.decl.name === name);
}

/** What the modules add to `resource`'s detail page, each with the module's resource it comes from. */
export function contributionsTo(resource: string): Array<ShowContribution & { from: string }> {
  return WEB_RESOURCES.flatMap(({ decl, module }) =>
    (module.contributes ?? []).filter((c) => c.to === resource).map((c) => ({ ...c, from: decl.name })),
  );
}

/** The audited changes a resource's module reads itself in History (a job's pipeline moves). */
export function historyFieldsOf(resource: string): Record<string, HistoryField> {
  return WEB_RESOURCES.find(({ decl }) => decl.name === resource)?.module.historyFields ?? {};
}

/** Refine's resources: routes of the four pages, the section and the label of each. */
export const REFINE_RESOURCES: ResourceProps[] = WEB_RESOURCES.map(({ decl }) => ({
  name: decl.name,
  list: decl.route,
  create: `${decl.route}/new`,
  edit: `${decl.route}/:id/edit`,
  show: `${decl.route}/:id`,
  meta: { label: decl.label, section: decl.section },
}));

/**
 * The navigation entry of a resource (path, icon, section, and the action whose roles see it: list,
 * unless the declaration names another); the nav config places it.
 */
export function resourceNav(name: string): {
  path: string;
  icon: ReactNode;
  section: ResourceDecl['section'];
  resource: string;
  action: string;
} {
  const r = webResource(name);
  if (!r) throw new Error(`no web module for resource ${name}`);
  const action = (r.decl.nav && r.decl.nav.action) || 'list';
  return { path: r.decl.route, icon: createElement(r.module.icon), section: r.decl.section, resource: name, action };
}

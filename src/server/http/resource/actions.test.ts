import { describe, expect, it } from 'vitest';
import { salariesResource } from '../../../domain/modules/salaries/salaries.resource.js';
import { registerActions } from './actions.js';
import type { ResourceContext } from './context.js';

// The routes themselves are proved over HTTP (tests/api/state-actions.test.ts); here, what is refused at start.
const contextOf = (decl: ResourceContext['decl']) => {
  const routes: string[] = [];
  const app = { post: (url: string) => void routes.push(url) };
  const ctx = { app, decl, m: {}, tags: [decl.name], url: (s = '') => `/${decl.path}${s}`, access: () => ({}) };
  return { ctx: ctx as unknown as ResourceContext, routes };
};

describe('registerActions', () => {
  it('serves each declared action at its segment', () => {
    const { ctx, routes } = contextOf(salariesResource);
    registerActions(ctx, { approve: {} });
    expect(routes).toEqual(['/salary/:id/approve', '/salary/:id/mark-paid']);
  });

  it('refuses at start a step for an action the declaration does not name', () => {
    expect(() => registerActions(contextOf(salariesResource).ctx, { aprove: {} })).toThrow('salaries: steps for undeclared actions aprove');
    expect(() => registerActions(contextOf({ ...salariesResource, states: undefined }).ctx, { approve: {} })).toThrow(
      'steps for undeclared actions approve',
    );
  });
});

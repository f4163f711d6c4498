import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../../domain/resources';
import { SHELL_ROUTES } from './routes';

describe('the route table', () => {
  // A shell route (a "coming soon" page) for a declared resource's path would hide its pages.
  it.each(RESOURCES.map((r) => [r.name, r.route] as const))('leaves %s (%s) to the resource routes', (_name, route) => {
    const root = route.slice(1);
    const shadowing = SHELL_ROUTES.map((r) => r.path ?? '').filter(
      (p) => p === root || p === `${root}/new` || p === `${root}/:id` || p === `${root}/:id/edit`,
    );
    expect(shadowing).toEqual([]);
  });
});

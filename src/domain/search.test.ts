import { describe, expect, it } from 'vitest';
import { ROLES } from './auth/permissions.js';
import { defineResource, standardAccess } from './resource.js';
import { can, resourceByName } from './resources.js';
import { recordPath, searchableResources, searchQuerySchema } from './search.js';
import { customersResource } from './modules/customers/customers.resource.js';

describe('the header search', () => {
  it('reads, for each role, the searchable resources it may list, and opens a record on its detail page', () => {
    for (const role of ROLES) {
      const names = searchableResources(role).map((d) => d.name);
      for (const name of names) expect(can(role, name, 'list'), `${role} ${name}`).toBe(true);
      expect(names.includes('salaries'), role).toBe(['admin', 'hr_lead', 'sale_lead'].includes(role));
    }
    expect(searchableResources('developer').map((d) => d.name)).toEqual(['tickets']);
    expect(recordPath(resourceByName('candidates')!, 'hr', 'x1')).toBe('/candidates/x1');
    expect(recordPath(resourceByName('candidates')!, 'developer', 'x1')).toBeNull();
  });

  it('takes trimmed words and a small limit', () => {
    expect(searchQuerySchema.parse({ q: '  nguyen ', limit: '3' })).toEqual({ q: 'nguyen', limit: 3 });
    expect(searchQuerySchema.parse({ q: 'a' })).toEqual({ q: 'a', limit: 5 });
    for (const bad of [{}, { q: '   ' }, { q: 'a', limit: '0' }, { q: 'a', limit: '21' }, { q: 'a', x: '1' }])
      expect(searchQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it('refuses a declaration that shows an enum or an unknown field in a hit', () => {
    const base = { ...customersResource, name: 'probe', access: standardAccess('customers'), import: undefined };
    expect(() => defineResource({ ...base, globalSearch: { subtitle: ['status'] } })).toThrow(/globalSearch: status/);
    expect(() => defineResource({ ...base, globalSearch: { title: ['nope'] } })).toThrow(/globalSearch: nope/);
    expect(() => defineResource({ ...base, globalSearch: { subtitle: ['code', 'ownerSaleId'] } })).not.toThrow();
  });
});

import { pgTable, text } from 'drizzle-orm/pg-core';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { customersResource } from '../../domain/modules/customers/customers.resource.js';
import { usersResource } from '../../domain/modules/users/users.resource.js';
import { listQuerySchema } from './list-query.js';
import { filterCondition } from './paging.js';

// A list's query keys and the SQL of its filters, without a database: the API suites hold the
// answers on both databases (tests/api/resources.test.ts).

const parse = (decl: Parameters<typeof listQuerySchema>[0], query: Record<string, unknown>) => listQuerySchema(decl).safeParse(query);

describe('listQuerySchema: a unique text is filtered exactly, besides search', () => {
  it('users: `email=` and `email_ne=` are declared filters, as the stock simple-rest provider sends them', () => {
    const eq = parse(usersResource, { _start: '0', _end: '10', email: 'Admin@Demo.local' });
    expect(eq.success).toBe(true);
    expect(eq.data!.filters).toEqual([{ field: 'email', op: 'eq', values: ['Admin@Demo.local'] }]);
    const ne = parse(usersResource, { email_ne: ['a@b.c', 'd@e.f'] });
    expect(ne.data!.filters).toEqual([{ field: 'email', op: 'ne', values: ['a@b.c', 'd@e.f'] }]);
  });

  it('a searched text that is not unique keeps no key of its own', () => {
    for (const key of ['fullName', 'phone', 'title', 'email_gte']) {
      const res = parse(usersResource, { [key]: 'x' });
      expect(res.success, key).toBe(false);
      expect(res.error!.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: [key] });
    }
  });

  it('customers: several codes mean any of them', () => {
    const res = parse(customersResource, { code: ['acme', 'BETA'] });
    expect(res.data!.filters).toEqual([{ field: 'code', op: 'eq', values: ['acme', 'BETA'] }]);
  });
});

describe('filterCondition', () => {
  const things = pgTable('things', { email: text(), code: text(), country: text() });
  const render = (...args: Parameters<typeof filterCondition>) => {
    const { sql, params } = new PgDialect().sqlToQuery(filterCondition(...args)!);
    return { sql, params };
  };

  it('a unique text compares lower() to lower(), as its uniqueness is checked and indexed', () => {
    expect(render(things.code, { type: 'string', unique: true }, 'eq', ['Acme'])).toEqual({
      sql: 'lower("things"."code") in (lower($1))',
      params: ['Acme'],
    });
    expect(render(things.code, { type: 'string', unique: true }, 'eq', ['a', 'B'])).toEqual({
      sql: 'lower("things"."code") in (lower($1), lower($2))',
      params: ['a', 'B'],
    });
    // `ne` keeps the rows without a value, as every other `ne` does.
    expect(render(things.code, { type: 'string', unique: true }, 'ne', ['Acme'])).toEqual({
      sql: '(lower("things"."code") not in (lower($1)) or "things"."code" is null)',
      params: ['Acme'],
    });
  });

  it('an e-mail compares case-insensitively, unique or not; another text as it is', () => {
    expect(render(things.email, { type: 'email' }, 'eq', ['A@B.c']).sql).toBe('lower("things"."email") in (lower($1))');
    expect(render(things.country, { type: 'string' }, 'eq', ['Vietnam'])).toEqual({ sql: '"things"."country" = $1', params: ['Vietnam'] });
    expect(render(things.country, undefined, 'eq', ['Vietnam']).sql).toBe('"things"."country" = $1');
  });
});

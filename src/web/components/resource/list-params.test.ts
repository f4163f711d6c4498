import { describe, expect, it } from 'vitest';
import { customersResource } from '../../../domain/modules/customers/customers.resource';
import { exportQuery, parseListState, toCrudFilters, writeListState } from './list-params';

const decl = customersResource;

describe('list state in the URL', () => {
  it('reads page, size, sort, q and declared filters, ignoring unknown keys', () => {
    const s = parseListState(
      decl,
      new URLSearchParams('page=2&pageSize=25&sort=code&order=desc&q=acme&status=active&status=inactive&paymentTermsDays_gte=10&bogus=1'),
    );
    expect(s).toEqual({
      page: 2,
      pageSize: 25,
      sort: { field: 'code', order: 'desc' },
      q: 'acme',
      filters: { status: ['active', 'inactive'], paymentTermsDays_gte: ['10'] },
    });
  });

  it('falls back to the declared sort and a known page size', () => {
    const s = parseListState(decl, new URLSearchParams('sort=address&pageSize=7'));
    expect(s.sort).toEqual(decl.defaultSort);
    expect(s.pageSize).toBe(10);
  });

  it('writes back what it read, leaving defaults out', () => {
    const url = 'page=2&sort=code&order=desc&status=active&status=inactive';
    expect(writeListState(decl, parseListState(decl, new URLSearchParams(url))).toString()).toBe(url);
    expect(writeListState(decl, parseListState(decl, new URLSearchParams())).toString()).toBe('');
  });

  it('makes Refine filters simple-rest turns into the same keys, and the export query', () => {
    const s = parseListState(decl, new URLSearchParams('q=ac&status=active&status=inactive&createdAt_lte=2024-01-31'));
    expect(toCrudFilters(s, { ownerSaleId: 'u1' })).toEqual([
      { field: 'q', operator: 'eq', value: 'ac' },
      { field: 'status', operator: 'in', value: ['active', 'inactive'] },
      { field: 'createdAt', operator: 'lte', value: '2024-01-31' },
      { field: 'ownerSaleId', operator: 'eq', value: 'u1' },
    ]);
    expect(exportQuery(s, 'xlsx').toString()).toBe(
      'format=xlsx&q=ac&status=active&status=inactive&createdAt_lte=2024-01-31&_sort=name&_order=asc',
    );
  });

  it('keeps the Archived view in the URL, the data request and the export, for soft-deleting resources only', () => {
    const s = parseListState(decl, new URLSearchParams('archived=true&status=inactive'));
    expect(s.archived).toBe(true);
    expect(writeListState(decl, s).toString()).toBe('status=inactive&archived=true');
    expect(toCrudFilters(s)).toContainEqual({ field: 'archived', operator: 'eq', value: 'true' });
    expect(exportQuery(s, 'csv').get('archived')).toBe('true');
    expect(parseListState(decl, new URLSearchParams('archived=1')).archived).toBeUndefined();
    expect(parseListState({ ...decl, softDelete: false }, new URLSearchParams('archived=true')).archived).toBeUndefined();
    expect(toCrudFilters(parseListState(decl, new URLSearchParams()))).toEqual([]);
  });
});

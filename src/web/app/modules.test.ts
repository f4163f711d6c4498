import { describe, expect, it } from 'vitest';
import { resourceByName } from '../../domain/resources';
import { contributionsTo, WEB_RESOURCES } from './modules';

describe("modules' parts of other resources' pages", () => {
  const all = WEB_RESOURCES.flatMap(({ decl, module }) => (module.contributes ?? []).map((c) => ({ ...c, from: decl.name })));

  it.each(all.map((c) => [`${c.from} → ${c.to}`, c] as const))('%s names a declared page, field and action', (_name, c) => {
    expect(resourceByName(c.to), `no resource ${c.to}`).toBeDefined();
    const from = resourceByName(c.from)!;
    if (c.related) expect(from.fields[c.related.field]?.ref?.resource, `${c.from}.${c.related.field} points at ${c.to}`).toBe(c.to);
    if (c.tab) expect(Object.keys(from.access), `${c.from} declares the action ${c.tab.action}`).toContain(c.tab.action);
  });

  it("gives a customer's page its headcount and its share links", () => {
    const parts = contributionsTo('customers').filter((c) => c.from === 'headcounts');
    expect(parts.map((c) => (c.related ? `related:${c.related.field}` : `tab:${c.tab!.labelKey}`))).toEqual([
      'related:customerId',
      'tab:headcounts:share.tab',
    ]);
  });
});

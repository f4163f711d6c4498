import i18next from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionsOf, resourcesBySection } from '../../../domain/auth/access-overrides';
import { RESOURCES } from '../../../domain/resources';
import { initI18n } from '../../i18n';
import { LANGS } from '../../i18n/langs';
import { actionWords, groupLikeNavigation } from './access-labels';

// The access page in words: every declared action of every resource has a label and a one-line
// explanation, and every row rule's field a name, in every language — never the code ("backToDraft",
// "(requesterId)"). Read from the registry: an action added later is held to it too.

beforeAll(async () => {
  await initI18n();
});
// The web files share one i18next (isolate: false): the next file starts in English, as it expects.
afterAll(async () => {
  await i18next.changeLanguage('en');
});

const declared = RESOURCES.flatMap((r) => actionsOf(r).map((action) => ({ resource: r.name, action })));
const ownerFields = [...new Set(RESOURCES.flatMap((r) => (r.owner ? [r.owner.field] : [])))];

describe.each(LANGS.map((l) => l.value))('in %s', (lang) => {
  it('every declared action has a label and an explanation of its own', async () => {
    await i18next.changeLanguage(lang);
    const t = i18next.getFixedT(lang);
    const missing = declared.flatMap(({ resource, action }) => {
      const words = actionWords(t, resource, action);
      const problems: string[] = [];
      if (!words.label || words.label === action) problems.push(`${resource}.${action}: no label`);
      if (!words.explanation) problems.push(`${resource}.${action}: no explanation`);
      return problems;
    });
    expect(missing).toEqual([]);
  });

  it("every row rule names its field in words, and a field without words reads as the owner's", () => {
    const t = i18next.getFixedT(lang);
    for (const field of ownerFields) expect(i18next.exists(`access:scope.fields.${field}`, { lng: lang }), field).toBe(true);
    expect(t(['access:scope.fields.someNewField', 'access:scope.fields.other'])).not.toContain('someNewField');
  });
});

describe('the headings, grouped as the navigation groups them', () => {
  const sections = resourcesBySection(RESOURCES).map(({ section, resources }) => ({
    section,
    resources: resources.map((r) => ({ resource: r.name })),
  }));
  const groups = groupLikeNavigation(sections);
  const headingOf = (resource: string) => groups.flatMap((g) => g.headings).find((h) => h.resources.some((r) => r.resource === resource));

  it('follow the navigation: its groups, then its items in order', () => {
    expect(groups.map((g) => g.id)).toEqual(['overview', 'management']);
    expect(groups[0]!.headings.map((h) => h.id)).toEqual(['dashboard']);
    const management = groups[1]!.headings.map((h) => h.id);
    expect(management.slice(0, 4)).toEqual(['users', 'headcount', 'invoice', 'salary']);
    expect(management.at(-1)).toBe('tickets');
  });

  it('put tickets under Tickets, not Dashboard, and each resource under the item leading to it', () => {
    expect(headingOf('tickets')?.titleKey).toBe('navbar:tickets');
    expect(groups[0]!.headings[0]!.resources).toEqual([]);
    expect(headingOf('projects')?.id).toBe('customers');
    expect(headingOf('tech-stacks')?.id).toBe('candidates');
    expect(headingOf('project-bonuses')?.id).toBe('kpi');
    expect(headingOf('leave-matrix')?.id).toBe('leave');
    expect(headingOf('timesheets')?.id).toBe('logworks');
  });

  it('hold every resource once', () => {
    const placed = groups.flatMap((g) => g.headings.flatMap((h) => h.resources.map((r) => r.resource)));
    expect([...placed].sort()).toEqual(RESOURCES.map((r) => r.name).sort());
  });
});

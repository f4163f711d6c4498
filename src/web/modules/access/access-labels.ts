import type { TFunction } from 'i18next';
import type { Section } from '../../../domain/auth/permissions';
import { NAV_GROUPS, type NavItem } from '../../layout/nav-config';

/**
 * An action's words: its label and a one-line explanation, the resource's own where the action means
 * something of its own there (approving a salary freezes it; approving leave decides a request).
 */
export function actionWords(t: TFunction, resource: string, action: string): { label: string; explanation: string } {
  return {
    label: t([`access:actionsFor.${resource}.${action}`, `access:actions.${action}`], { defaultValue: action }),
    explanation: t([`access:explainFor.${resource}.${action}`, `access:explain.${action}`], { defaultValue: '' }),
  };
}

/** A resource's name as its own namespace titles it. */
export const resourceName = (t: TFunction, resource: string) => t(`${resource}:title`, { defaultValue: resource });

/** The anchor of a heading of the access page, for its section index. */
export const headingAnchor = (id: string) => `access-section-${id}`;

/** One heading of the access page: a navigation item and the resources it leads to. */
export type AccessHeading<T> = {
  id: string;
  /** The navigation's label of the item (navbar namespace). */
  titleKey: string;
  /** The spec's section of the item: its roles, and what a reset of it covers. */
  section: Section;
  resources: T[];
};

export type AccessHeadingGroup<T> = { id: string; subheaderKey: string; headings: Array<AccessHeading<T>> };

const resourcesOf = (item: NavItem) => [item.resource, ...(item.children ?? []).map((c) => c.resource)].filter((r): r is string => !!r);

/**
 * The access page's headings as the navigation groups them: one per navigation item, in its order,
 * each with the resources it leads to (named by the item or its children, else those of its
 * section). A resource no item leads to goes under the item of its section; a section no item
 * names comes last under its own name.
 */
export function groupLikeNavigation<T extends { resource: string }>(
  sections: ReadonlyArray<{ section: Section; resources: readonly T[] }>,
): Array<AccessHeadingGroup<T>> {
  const all = sections.flatMap((s) => s.resources.map((r) => ({ section: s.section, entry: r })));
  const placed = new Set<string>();
  const named = new Set(NAV_GROUPS.flatMap((g) => g.items.flatMap(resourcesOf)));
  const groups: Array<AccessHeadingGroup<T>> = NAV_GROUPS.map((g) => ({
    id: g.id,
    subheaderKey: g.subheaderKey,
    headings: g.items
      .filter((item) => item.section)
      .map((item) => {
        const own = resourcesOf(item);
        const bySection = own.length === 0 || item.children?.some((c) => !c.resource);
        const entries = all.filter(
          ({ section, entry }) =>
            !placed.has(entry.resource) &&
            (own.includes(entry.resource) || (bySection && section === item.section && !named.has(entry.resource))),
        );
        entries.forEach(({ entry }) => placed.add(entry.resource));
        return { id: item.id, titleKey: item.titleKey, section: item.section!, resources: entries.map((e) => e.entry) };
      }),
  }));
  // Whatever the navigation does not lead to: under its section's item, else its section's own heading.
  for (const { section, entry } of all.filter((a) => !placed.has(a.entry.resource))) {
    const heading = groups.flatMap((g) => g.headings).find((h) => h.section === section);
    if (heading) heading.resources.push(entry);
    else groups.at(-1)!.headings.push({ id: section, titleKey: `access:sections.${section}`, section, resources: [entry] });
    placed.add(entry.resource);
  }
  return groups;
}

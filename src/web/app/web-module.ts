import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material/SvgIcon';

/** What a page of a resource receives from its route. */
export type ResourcePageProps = { resource: string };
export type ResourcePage = ComponentType<ResourcePageProps>;
export type PageKind = 'list' | 'create' | 'edit' | 'show' | 'import';

/**
 * A web module of a resource (`src/web/modules/<resource>/index.ts`): its icon and the pages
 * it writes itself, as lazy loaders; every page it leaves out is the kit's generic one.
 * Kept to types so that index.ts files stay tiny.
 */
export interface WebModule {
  resource: string;
  icon: ComponentType<SvgIconProps>;
  /** `import`: its own import stepper (the kit's, with a first step of its own); else a declared import has the kit's. */
  pages?: Partial<Record<PageKind, () => Promise<ResourcePage>>>;
  /**
   * The translation namespaces its own list page shows beyond the kit's list (the resource's own,
   * those of the resources it points to or that point to it, the layout's). A module with its own
   * list page that leaves this out has every namespace loaded before that page shows.
   */
  listNamespaces?: readonly string[];
  /** What this module adds to other resources' detail pages (a customer's headcount, its jobs…). */
  contributes?: ShowContribution[];
  /** Audited changes of its own that are not fields of the declaration (a job's pipeline moves), by the audit's field. */
  historyFields?: Record<string, HistoryField>;
}

/**
 * How History reads an audited change whose values are `{ <ref.field>: id, <value.field>: … }`
 * (a job's pipeline: `{ candidateId, stage }`): "Nguyễn Văn A: Sourced → Screening", the name a
 * link to the row it names.
 */
export interface HistoryField {
  ref: { field: string; resource: string };
  /** The value's field; `labelKey` translates it (`jobs:stages` + `.screening`), a file reads as its name. */
  value: { field: string; labelKey?: string };
  /** What changed, before the values ("CV"), when the value alone does not say. */
  whatKey?: string;
}

/**
 * A module's part of another resource's detail page, so that the page needs no edit when a
 * module lands: a list of this module's rows pointing at the record, or a tab of its own.
 */
export interface ShowContribution {
  /** The resource whose detail page gets it. */
  to: string;
  /** This module's rows whose `field` holds the record's id, as an embedded list. */
  related?: { field: string };
  /** A tab, loaded when opened, for the roles that may do `action` on this module's resource. */
  tab?: { labelKey: string; action: string; load: () => Promise<ComponentType<{ id: string }>> };
}

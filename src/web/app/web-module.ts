import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material/SvgIcon';

/** What a page of a resource receives from its route. */
export type ResourcePageProps = { resource: string };
export type ResourcePage = ComponentType<ResourcePageProps>;
export type PageKind = 'list' | 'create' | 'edit' | 'show';

/**
 * A web module of a resource (`src/web/modules/<resource>/index.ts`): its icon and the pages
 * it writes itself, as lazy loaders; every page it leaves out is the kit's generic one.
 * Kept to types so that index.ts files stay tiny.
 */
export interface WebModule {
  resource: string;
  icon: ComponentType<SvgIconProps>;
  pages?: Partial<Record<PageKind, () => Promise<ResourcePage>>>;
}

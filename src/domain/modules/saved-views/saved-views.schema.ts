import { z } from 'zod';
import { PRIVILEGED_ROLES, ROLES, type Role } from '../../auth/permissions.js';
import { text } from '../../text.js';

// A saved view: a name for a list's state (its filters, sort, visible columns and page size), kept
// on the server per person. The list's address still holds the state; choosing a view writes it there.
// Which filter keys and sort fields a resource accepts is its declaration's: the server checks them
// with the list's own query schema.

/** The page sizes a list offers (the DataGrid's options). */
export const LIST_PAGE_SIZES = [10, 25, 50, 100] as const;

/** Who may share a view with a role: the admins and the leads. */
export const VIEW_SHARERS: readonly Role[] = PRIVILEGED_ROLES;

export const canShareViews = (role: unknown) => VIEW_SHARERS.includes(role as Role);

export const SAVED_VIEW_NAME_MAX = 80;

/** The list state a view holds. `filters` are the list's API keys (`status`, `issueDate_gte`, `q` for the search). */
export const savedViewStateSchema = z.strictObject({
  filters: z.record(z.string().max(100), z.array(z.string().max(200)).min(1).max(50)).default({}),
  sort: z.strictObject({ field: z.string().max(100), order: z.enum(['asc', 'desc']) }).optional(),
  /** Column → shown; columns not named keep the list's own choice. */
  columns: z.record(z.string().max(100), z.boolean()).optional(),
  pageSize: z
    .number()
    .int()
    .refine((n) => (LIST_PAGE_SIZES as readonly number[]).includes(n), { message: 'step' })
    .optional(),
});
export type SavedViewState = z.infer<typeof savedViewStateSchema>;

const viewName = text().trim().min(1, { message: 'required' }).max(SAVED_VIEW_NAME_MAX);
const sharedWithRoles = z.array(z.enum(ROLES)).max(ROLES.length);

export const savedViewCreateSchema = z.strictObject({
  resource: z.string().min(1, { message: 'required' }).max(100),
  name: viewName,
  state: savedViewStateSchema,
  isDefault: z.boolean().optional(),
  sharedWithRoles: sharedWithRoles.optional(),
});
export type SavedViewCreate = z.infer<typeof savedViewCreateSchema>;

export const savedViewUpdateSchema = z.strictObject({
  name: viewName.optional(),
  state: savedViewStateSchema.optional(),
  isDefault: z.boolean().optional(),
  sharedWithRoles: sharedWithRoles.optional(),
});
export type SavedViewUpdate = z.infer<typeof savedViewUpdateSchema>;

export const savedViewListQuery = z.strictObject({ resource: z.string().min(1, { message: 'required' }).max(100) });

export const savedViewSchema = z.object({
  id: z.uuid(),
  resource: z.string(),
  name: z.string(),
  state: savedViewStateSchema,
  isDefault: z.boolean(),
  sharedWithRoles: z.array(z.enum(ROLES)),
  /** The caller's own view (may change it); otherwise one shared with the caller's role (read-only). */
  mine: z.boolean(),
  owner: z.object({ id: z.uuid(), fullName: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedView = z.infer<typeof savedViewSchema>;

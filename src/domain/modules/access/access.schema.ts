import { z } from 'zod';
import { ROLES, SECTIONS } from '../../auth/permissions.js';
import { requiredText, uuidRef } from '../../fields.js';

// The access page's calls (docs/decisions/014): the matrix, a cell's change, a reset, a person's
// effective access, and the caller's own overrides.

export const ACCESS_NOTE_MAX = 500;

export const roleSchema = z.enum(ROLES);
export const sectionSchema = z.enum(SECTIONS);

export const accessCellParams = z.strictObject({
  role: roleSchema,
  resource: z.string().max(60),
  action: z.string().max(60),
});

/** Grant or revoke one role's action, with the reason. `together`: bring what it needs, or take what needs it. */
export const accessChangeSchema = z.strictObject({
  allowed: z.boolean(),
  note: requiredText(ACCESS_NOTE_MAX),
  together: z.boolean().optional(),
});
export type AccessChange = z.infer<typeof accessChangeSchema>;

/** Back to the spec's defaults: one section, or everything when no section is named. */
export const accessResetSchema = z.strictObject({
  section: sectionSchema.optional(),
  note: requiredText(ACCESS_NOTE_MAX),
});
export type AccessReset = z.infer<typeof accessResetSchema>;

const person = z.object({ id: z.uuid(), name: z.string() });

export const accessCellSchema = z.object({
  role: roleSchema,
  /** The declaration's (the spec's) answer. */
  default: z.boolean(),
  /** What applies now: the default, or the firm's override. */
  allowed: z.boolean(),
  /** Set when the firm changed this cell: its note, who and when. */
  changed: z.object({ note: z.string(), by: person.nullable(), at: z.string() }).nullable(),
  /** Sent back as If-Match with a change. */
  version: z.string(),
});
export type AccessCell = z.infer<typeof accessCellSchema>;

/** A module's row rule: these roles reach only the rows they own (or, 'write', only change them). */
export const accessScopeSchema = z.object({
  roles: z.array(roleSchema),
  field: z.string(),
  applies: z.enum(['all', 'write']),
  managers: z.boolean(),
});

export const accessMatrixSchema = z.object({
  roles: z.array(roleSchema),
  sections: z.array(
    z.object({
      section: sectionSchema,
      /** Roles of the spec's section table (navigation and the section's pages follow it). */
      roles: z.array(roleSchema),
      resources: z.array(
        z.object({
          resource: z.string(),
          scope: accessScopeSchema.nullable(),
          actions: z.array(z.object({ action: z.string(), requires: z.array(z.string()), cells: z.array(accessCellSchema) })),
        }),
      ),
    }),
  ),
});
export type AccessMatrix = z.infer<typeof accessMatrixSchema>;

export const accessResetResultSchema = z.object({ reset: z.number().int() });

export const accessPersonParams = z.strictObject({ id: uuidRef });

export const personAccessSchema = z.object({
  user: z.object({ id: z.uuid(), fullName: z.string(), email: z.string(), role: z.string(), status: z.string() }),
  sections: z.array(
    z.object({
      section: sectionSchema,
      inSectionTable: z.boolean(),
      resources: z.array(
        z.object({
          resource: z.string(),
          /** The module's row rule as it applies to this person's role, if any. */
          scope: accessScopeSchema.nullable(),
          actions: z.array(
            z.object({
              action: z.string(),
              allowed: z.boolean(),
              /** Why: the spec's default, or the firm's grant or revocation (with its note). */
              reason: z.enum(['default', 'granted', 'revoked']),
              note: z.string().nullable(),
            }),
          ),
        }),
      ),
    }),
  ),
});
export type PersonAccess = z.infer<typeof personAccessSchema>;

export const myAccessSchema = z.object({
  overrides: z.array(z.object({ resource: z.string(), action: z.string(), allowed: z.boolean() })),
});
export type MyAccess = z.infer<typeof myAccessSchema>;

/** The live event every signed-in user of a changed role receives: read your access again. */
export const ACCESS_CHANGED_EVENT = 'access-changed';

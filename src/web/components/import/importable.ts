import type { ResourceDecl } from '../../../domain/resource';
import { can } from '../../../domain/resources';

/** The declaration's import (the fields whose values find a sheet's row's record), if it has one. */
export const importOf = (decl: ResourceDecl) => decl.import;

/** Whether the resource's list offers its import to this role: declared, and the role may `import`. */
export const importOffered = (decl: ResourceDecl, role: unknown): boolean => !!decl.import && can(role, decl.name, 'import');

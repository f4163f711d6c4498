import { candidatesResource } from '../../../domain/modules/candidates/candidates.resource.js';
import type { ServerModule } from '../module.js';
import { candidates } from './candidates.table.js';

// Rules go in the hooks (beforeCreate, beforeUpdate, beforeDelete, afterWrite: they share the
// write's transaction), special endpoints in `routes`, demo data in `seed`.
export const candidatesModule: ServerModule = {
  name: 'candidates',
  resource: { decl: candidatesResource, table: candidates, searchColumn: candidates.search },
};

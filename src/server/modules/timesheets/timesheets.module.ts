import { timesheetsResource } from '../../../domain/modules/timesheets/timesheets.resource.js';
import type { ServerModule } from '../module.js';
import { timesheets } from './timesheets.table.js';

// Rules go in the hooks (beforeCreate, beforeUpdate, beforeDelete, afterWrite: they share the
// write's transaction), special endpoints in `routes`, demo data in `seed`.
export const timesheetsModule: ServerModule = {
  name: 'timesheets',
  resource: { decl: timesheetsResource, table: timesheets, searchColumn: timesheets.search },
};

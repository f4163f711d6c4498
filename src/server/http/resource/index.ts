import type { Services } from '../../services.js';
import type { Api } from '../api.js';
import { registerActions } from './actions.js';
import { registerArchive } from './archive.js';
import { registerBulkActions } from './bulk-actions.js';
import { createContext, type ResourceContext } from './context.js';
import { registerExport } from './export-route.js';
import { registerFiles } from './files.js';
import { registerImport } from './import.js';
import { registerList } from './list.js';
import { registerLookup } from './lookup.js';
import { registerNestedRefusals } from './nested.js';
import { registerRead } from './read.js';
import { registryOf } from './registry.js';
import type { ResourceModule, Row } from './resource-module.js';
import { findOne, where, countWhere } from './scope.js';
import { searchBranch } from './search.js';
import { createOne, registerWrites } from './writes.js';

export type { ActionDone, ActionStep, ResourceModule, ResourceTable, Row, Tx, WriteAction, WriteContext } from './resource-module.js';
export { columnOf, entityKeys } from './columns.js';
export { labelsOf, registeredResource, registryOf } from './registry.js';
export { searchValues, type SearchRow } from './search.js';

/**
 * The generic API of one declared resource, part by part: list (paged, sorted, filtered, searched)
 * and lookup, read, create / update / delete, archive and restore with dependants, declared files,
 * export and import, declared state actions (one row, or many for those declared `bulk`). Each part is a function of one shared context (context.ts); every write goes through the
 * same steps (write-steps.ts). Routes are registered in this order: fixed paths before `/:id`.
 */
export function registerResource<TRow extends Row>(app: Api, s: Services, m: ResourceModule<TRow>) {
  const ctx = createContext(app, s, m);
  const c = ctx as ResourceContext;
  if (m.decl.globalSearch && !m.searchColumn) throw new Error(`${m.decl.name}: globalSearch needs the module's searchColumn`);
  registerList(ctx);
  registerLookup(ctx);
  registerExport(ctx);
  registerImport(c);
  registerRead(ctx);
  registerWrites(ctx);
  registerArchive(ctx);
  registerFiles(ctx);
  registerBulkActions(ctx, m.actions);
  registerActions(ctx, m.actions);
  registerNestedRefusals(c);

  registryOf(s).set(m.decl.name, {
    module: m as unknown as ResourceModule,
    findOne: (user, id, opts) => findOne(ctx, s.db, user, id, false, opts),
    count: (db, user, filters) => countWhere(c, db, user, filters),
    create: (req, reply, body) => createOne(ctx, req, reply, body),
    listCondition: (user, q) => where(c, user, q),
    search: (user, readsNames) => searchBranch(c, user, readsNames),
  });
}

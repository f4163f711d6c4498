// The answers of a resource's import steps: the shapes the server declares (domain/imports.ts).
import type { ImportRecord as ResourceImportRecord } from '../../../domain/imports';

export {
  IMPORT_ACTIONS,
  type ImportAction,
  type ImportChange,
  type ImportCounts,
  type ImportIssue,
  type ImportPreview,
  type ImportValidation,
} from '../../../domain/imports';

/** An import kept, as the kit's history reads it: the salaries' month import keeps the same, with its month and not its resource. */
export type ImportRecord = Omit<ResourceImportRecord, 'resource'>;

export interface ImportExecuted<R extends ImportRecord = ImportRecord> {
  /** False when the same file was applied before: nothing was written again. */
  applied: boolean;
  import: R;
}

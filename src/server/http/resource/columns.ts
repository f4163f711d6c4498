import { getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ZodObject, ZodType } from 'zod';
import type { ResourceDecl } from '../../../domain/resource.js';

/** The column of a declared field; a declaration naming a field its table lacks fails at start. */
export function columnOf(table: PgTable, field: string): PgColumn {
  const column = (getTableColumns(table) as Record<string, PgColumn>)[field];
  if (!column) throw new Error(`${String((table as unknown as { _: { name: string } })._?.name)} has no column for field ${field}`);
  return column;
}

/** The keys of the entity the API answers. */
export function entityKeys(decl: ResourceDecl): string[] {
  return Object.keys((decl.schemas.entity as ZodObject).shape);
}

export function schemaKeys(schema: ZodType): string[] {
  const shape = (schema as Partial<ZodObject>).shape;
  return shape ? Object.keys(shape) : [];
}

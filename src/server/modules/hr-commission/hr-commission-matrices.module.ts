import { hrCommissionMatricesResource } from '../../../domain/modules/hr-commission/hr-commission-matrices.resource.js';
import { matrixProblems, type MatrixFields } from '../../../domain/modules/hr-commission/hr-commission.rules.js';
import { unprocessable } from '../../http/errors.js';
import type { ResourceModule, Row } from '../../http/resource/index.js';
import type { ServerModule } from '../module.js';
import { hrCommissionMatrices } from './hr-commission-matrices.table.js';

type MatrixRow = typeof hrCommissionMatrices.$inferSelect;

/** A version the rules refuse (a level without its amount, a per cent out of range): 422 naming each field. */
function checked(input: Row, existing?: MatrixRow): Row {
  const problems = matrixProblems({ ...existing, ...input } as unknown as MatrixFields);
  if (Object.keys(problems).length) throw unprocessable('This matrix version is incomplete or out of range', 'matrix_invalid', problems);
  return input;
}

const resource: ResourceModule<MatrixRow> = {
  decl: hrCommissionMatricesResource,
  table: hrCommissionMatrices,
  searchColumn: hrCommissionMatrices.search,
  beforeCreate: (input) => checked(input),
  beforeUpdate: (input, existing) => checked(input, existing),
};

export const hrCommissionMatricesModule: ServerModule = { name: 'hr-commission-matrices', resource };

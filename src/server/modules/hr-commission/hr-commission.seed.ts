import type { Db } from '../../db/client.js';
import type { SeedContext } from '../module.js';

export async function seedHrCommission(_db: Db, _ctx: SeedContext) {}

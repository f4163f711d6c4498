import type { Db } from '../../db/client.js';
import type { SeedContext } from '../module.js';

export async function seedInvoices(_db: Db, _ctx: SeedContext): Promise<void> {}

import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { conflict, forbidden } from '../../http/errors.js';
import { writeAudit } from '../audit/audit.service.js';
import { users } from '../users/users.table.js';
import { appSecrets } from './auth.table.js';
import { hashPassword } from './passwords.js';

// The first administrator of a database without one: `npm run admin:create` on the machine, or the
// setup screen (/auth/setup) with a code the server prints in its log at start. Each instance that
// starts while no admin exists adds a code of its own, stored hashed in app_secrets (shared by every
// instance of a PostgreSQL database), so a code printed by one instance is accepted by any. The first
// admin created spends every code (docs/operations.md).

type Runner = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;
const CODE_PREFIX = 'setup_code:';
// Unambiguous letters and digits (no 0/O, 1/I/L): 16 of them are 80 bits, read off a log by a person.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
// Any constant shared by every instance: serialises setups (two codes used at once make one admin).
const SETUP_LOCK_KEY = 7_310_442_002;

/** An admin exists: an unarchived user with the admin role, active or not (deactivated: use admin:create --force). */
export async function adminExists(db: Runner): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.archivedAt)))
    .limit(1);
  return !!row;
}

const normalise = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '');
const digest = (code: string) => createHash('sha256').update(normalise(code)).digest();

/**
 * At start: while no admin exists, a new setup code (stored hashed) to print in the log; once one
 * exists, the codes left are removed and nothing is returned.
 */
export async function issueSetupCode(db: Runner): Promise<string | undefined> {
  if (await adminExists(db)) {
    await spendSetupCodes(db);
    return undefined;
  }
  const chars = Array.from({ length: 16 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  const code = chars.match(/.{4}/g)!.join('-');
  await db.insert(appSecrets).values({ name: `${CODE_PREFIX}${randomUUID()}`, value: digest(code).toString('hex') });
  return code;
}

/** Once an admin exists no code opens the setup screen again. */
export async function spendSetupCodes(db: Runner) {
  await db.delete(appSecrets).where(like(appSecrets.name, `${CODE_PREFIX}%`));
}

/** Whether the setup screen is open: no admin yet. */
export const setupOpen = async (db: Runner) => !(await adminExists(db));

export interface AdminInput {
  email: string;
  fullName: string;
  password: string;
}

/**
 * Makes `input` the admin: an existing unarchived account with that e-mail is promoted (active,
 * verified, the new password); otherwise a new one is created.
 */
export async function upsertAdmin(db: Runner, input: AdminInput) {
  const passwordHash = await hashPassword(input.password);
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email.toLowerCase()} and ${users.archivedAt} is null`);
  const values = { fullName: input.fullName, passwordHash, role: 'admin', status: 'active', emailVerifiedAt: sql`now()` } as const;
  const [user] = existing
    ? await db
        .update(users)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(users.id, existing.id))
        .returning()
    : await db
        .insert(users)
        .values({ ...values, email: input.email })
        .returning();
  await writeAudit(db, { actorId: user!.id, entity: 'users', entityId: user!.id, action: existing ? 'promote_admin' : 'create_admin' });
  return user!;
}

/** The setup screen's submit: the code checked in constant time against every stored one, then spent. */
export async function completeSetup(db: Db, input: AdminInput & { code: string }) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SETUP_LOCK_KEY})`);
    if (await adminExists(tx)) throw conflict('The first administrator already exists; sign in instead', 'setup_done');
    const given = digest(input.code);
    const stored = await tx
      .select({ value: appSecrets.value })
      .from(appSecrets)
      .where(like(appSecrets.name, `${CODE_PREFIX}%`));
    // Every stored code is compared, whatever matched: the time taken says nothing about the code.
    let match = false;
    for (const { value } of stored) match = timingSafeEqual(Buffer.from(value, 'hex'), given) || match;
    if (!match) throw forbidden('The setup code is not valid; it is printed in the server log at start', 'setup_code_invalid');
    await spendSetupCodes(tx);
    return upsertAdmin(tx, input);
  });
}

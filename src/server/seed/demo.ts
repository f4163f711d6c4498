import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ROLES, type Role } from '../../domain/auth/permissions.js';
import { queryRows, type Db } from '../db/client.js';
import { hashPassword, verifyPassword } from '../modules/auth/passwords.js';
import { notifications } from '../modules/notifications/notifications.table.js';
import { users } from '../modules/users/users.table.js';
import { MODULES } from '../modules/index.js';
import type { SeedContext } from '../modules/module.js';
import type { DatabaseFacts } from '../start-rule.js';
import { seedHistory } from './history.js';

export const DEMO_PASSWORD = 'Demo1234!';
export const demoEmail = (role: Role) => `${role}@demo.local`;

const DEMO_NAMES: Record<Role, [string, string]> = {
  admin: ['Amelia Carter', 'Chief Operating Officer'],
  hr_lead: ['Hélène Dubois', 'Head of Talent'],
  sale_lead: ['Marcus Lindqvist', 'Head of Sales'],
  developer: ['Nguyễn Văn An', 'Senior Backend Engineer'],
  hr: ['Trần Thị Mai', 'Technical Recruiter'],
  sale: ['Omar Haddad', 'Account Executive'],
  manager: ['Sophie Laurent', 'Delivery Manager'],
};

// The rest of the firm: engineers placed at customers, recruiters and sales people.
const PEOPLE: Array<[string, Role, string, string]> = [
  ['Lê Hoàng Minh', 'developer', 'Frontend Engineer', 'middle'],
  ['Phạm Quốc Bảo', 'developer', 'Full-stack Engineer', 'senior'],
  ['Đặng Thu Hà', 'developer', 'QA Automation Engineer', 'middle'],
  ['Võ Thanh Tùng', 'developer', 'DevOps Engineer', 'senior'],
  ['Bùi Ngọc Lan', 'developer', 'Mobile Engineer', 'junior'],
  ['Hoàng Đức Huy', 'developer', 'Data Engineer', 'middle'],
  ['Ngô Thị Hương', 'developer', 'Backend Engineer', 'junior'],
  ['Đỗ Minh Khoa', 'developer', 'Solutions Architect', 'lead'],
  ['Chloé Martin', 'developer', 'Frontend Engineer', 'senior'],
  ['Élodie Bernard', 'developer', 'Product Designer', 'middle'],
  ['François Petit', 'developer', 'Java Engineer', 'senior'],
  ['Zoë Müller', 'developer', 'Cloud Engineer', 'middle'],
  ['Jürgen Schäfer', 'developer', 'Embedded Engineer', 'lead'],
  ['Ahmed Al-Mansouri', 'developer', 'Backend Engineer', 'senior'],
  ['Layla Nasser', 'developer', 'Data Scientist', 'middle'],
  ['Yusuf Karim', 'developer', 'iOS Engineer', 'middle'],
  ['Priya Raman', 'developer', 'Machine Learning Engineer', 'senior'],
  ['Wei Zhang', 'developer', 'Go Engineer', 'middle'],
  ['Li Na Chen', 'developer', 'QA Engineer', 'junior'],
  ['Mateo García', 'developer', 'React Native Engineer', 'middle'],
  ['Lucía Fernández', 'developer', 'Site Reliability Engineer', 'senior'],
  ['Kenji Watanabe', 'developer', 'Security Engineer', 'senior'],
  ['Olivia Brown', 'developer', 'Intern Engineer', 'intern'],
  ['Noah Wilson', 'developer', 'Platform Engineer', 'middle'],
  ['Nguyễn Thị Thu Trang', 'hr', 'Senior Recruiter', 'senior'],
  ['Camille Rousseau', 'hr', 'IT Recruiter', 'middle'],
  ['Fatima Zahra', 'hr', 'Sourcing Specialist', 'junior'],
  ['Daniel Kowalski', 'sale', 'Account Manager', 'senior'],
  ['Isabelle Moreau', 'sale', 'Business Developer', 'middle'],
  ['Trịnh Công Sơn', 'sale', 'Account Executive', 'middle'],
  ['Rachel Green', 'manager', 'Engineering Manager', 'lead'],
  ['Samuel Okafor', 'manager', 'Delivery Manager', 'lead'],
];

function slug(name: string) {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/gi, 'd')
    .toLowerCase()
    .replace(/[^a-z]+/g, '.')
    .replace(/^\.|\.$/g, '');
}

/**
 * What the start rule (start-rule.ts) needs to know of a database: whether it holds users (the seed
 * fills only an empty one) and whether a demo account can still sign in with the published password.
 */
export async function demoFacts(db: Db): Promise<DatabaseFacts> {
  const [any] = await db.select({ id: users.id }).from(users).limit(1);
  if (!any) return { hasUsers: false, demoAccounts: false };
  const demo = await db
    .select({ hash: users.passwordHash })
    .from(users)
    // Those that can sign in: an archived or inactive account is refused at the door.
    .where(and(inArray(sql`lower(${users.email})`, ROLES.map(demoEmail)), eq(users.status, 'active'), isNull(users.archivedAt)));
  // One argon2 check each (tens of ms), once per start; the usual case stops at the first.
  for (const { hash } of demo) if (await verifyPassword(hash, DEMO_PASSWORD)) return { hasUsers: true, demoAccounts: true };
  return { hasUsers: true, demoAccounts: false };
}

// Instances starting together on one empty database must not both seed (duplicate e-mails
// would stop one of them): each takes this lock, the first seeds, the others then find users.
const SEED_LOCK_KEY = 7_310_442_002;

/** Seeds a living firm into an empty database; a database with users is left alone. */
export async function seedDemoData(db: Db, log: FastifyBaseLogger, baseCurrency = 'USD'): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Try, then wait and try again, rather than block: a blocked query would meet the pool's query
    // timeout when the other instance's seed takes longer than that.
    for (;;) {
      const [row] = await queryRows<{ locked: boolean }>(
        tx as unknown as Db,
        sql`select pg_try_advisory_xact_lock(${SEED_LOCK_KEY}) as locked`,
      );
      if (row?.locked) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return seedInto(tx as unknown as Db, log, baseCurrency);
  });
}

async function seedInto(db: Db, log: FastifyBaseLogger, baseCurrency: string): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(users);
  if (Number(existing!.n) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const verified = new Date().toISOString();
  const base = { passwordHash, status: 'active', emailVerifiedAt: verified } as const;

  const demo = await db
    .insert(users)
    .values(
      ROLES.map((role, i) => ({
        ...base,
        email: demoEmail(role),
        fullName: DEMO_NAMES[role][0],
        title: DEMO_NAMES[role][1],
        role,
        level: role === 'developer' ? 'senior' : 'lead',
        phone: `+84 90 ${String(1000000 + i * 7919).slice(1, 4)} ${String(4000 + i * 37)}`,
        joinDate: `20${18 + (i % 6)}-0${1 + (i % 9)}-15`,
      })),
    )
    .returning();
  const byRole = Object.fromEntries(demo.map((u) => [u.role, u])) as Record<Role, (typeof demo)[number]>;
  const managers = [byRole.manager.id];

  const others = await db
    .insert(users)
    .values(
      PEOPLE.map(([fullName, role, title, level], i) => ({
        ...base,
        email: `${slug(fullName)}@staffing.example`,
        fullName,
        role,
        title,
        level,
        phone: `+84 9${i % 10} ${String(100 + i * 13).slice(-3)} ${String(1000 + i * 271).slice(-4)}`,
        joinDate: `20${17 + (i % 8)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + ((i * 3) % 28)).padStart(2, '0')}`,
        // One person has left: inactive accounts show in lists but cannot sign in.
        ...(i === PEOPLE.length - 3 ? { status: 'inactive' } : {}),
      })),
    )
    .returning();
  const newManagers = others.filter((u) => u.role === 'manager').map((u) => u.id);
  managers.push(...newManagers);
  // Developers report to managers (leave approvals follow this line).
  const developers = [byRole.developer, ...others.filter((u) => u.role === 'developer')];
  for (const [i, dev] of developers.entries()) {
    await db
      .update(users)
      .set({ managerId: managers[i % managers.length] })
      .where(eq(users.id, dev.id));
  }

  await db.insert(notifications).values(
    demo.flatMap((u) => [
      {
        userId: u.id,
        type: 'announcement',
        title: 'Welcome to the back office',
        message: 'Your account is ready. Explore the sections your role gives you.',
        changedByUserId: byRole.admin.id,
        isRead: true,
      },
      {
        userId: u.id,
        type: 'announcement',
        title: 'Timesheets close on Friday',
        message: 'Please log this week’s hours before Friday 18:00.',
        changedByUserId: byRole.hr_lead.id,
      },
    ]),
  );

  const seeded = await db.select({ id: users.id, role: users.role, fullName: users.fullName }).from(users);
  const ctx: SeedContext = { log, baseCurrency, users: seeded.map((u) => ({ ...u, role: u.role as Role })) };
  for (const mod of MODULES) await mod.seed?.(db, ctx);
  await seedHistory(db, byRole.hr_lead.id);

  log.info(
    `Demo data seeded. Sign in with any of these accounts (password ${DEMO_PASSWORD}):\n` +
      ROLES.map((r) => `  ${r.padEnd(10)} ${demoEmail(r)}`).join('\n'),
  );
  return true;
}

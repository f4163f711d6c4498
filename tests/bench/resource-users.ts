import { instant } from './bare.js';
import { fillUsers } from './fill.js';
import type { BenchResource } from './resource.js';

const env = process.env;

/** GET /api/v1/user/paginated on 1 000 000 users (PostgreSQL) or 100 000 (PGlite). */
export const usersBench: BenchResource = {
  name: 'users',
  rows: { postgres: Number(env.BENCH_PG_ROWS ?? 1_000_000), pglite: Number(env.BENCH_PGLITE_ROWS ?? 100_000) },
  fill: fillUsers,
  cases: async () => [
    { name: 'first page', query: 'page=1&limit=25' },
    { name: 'search q=nguyen', query: 'q=nguyen&limit=25' },
    { name: 'role+status, email desc', query: 'role=developer&status=active&sort=email&order=desc&limit=25' },
    { name: 'deep page (offset 25 000)', query: 'page=1001&limit=25' },
  ],
  check(c, page) {
    if (c.name.startsWith('search') && !page.data.some((r) => String(r.fullName).includes('Nguyễn')))
      throw new Error(`${c.name}: no accented 'Nguyễn' in the first page: ${page.data.map((r) => String(r.fullName)).join(', ')}`);
  },
  targets: { p99Ms: 50, ratio: 0.8 },
  bare: {
    path: 'user',
    section: 'users',
    table: 'users',
    // Every column, as Drizzle's `select()` lists them.
    columns:
      'id, created_at, updated_at, created_by, email, full_name, role, status, phone, title, level, manager_id, join_date, password_hash, email_verified_at, avatar_file_id, archived_at, search',
    sortable: {
      fullName: 'full_name',
      email: 'email',
      role: 'role',
      status: 'status',
      createdAt: 'created_at',
      joinDate: 'join_date',
    },
    defaultSort: 'full_name',
    filters: { role: 'role', status: 'status', level: 'level', managerId: 'manager_id' },
    searchColumn: 'search',
    toEntity: (r) => ({
      id: r.id,
      email: r.email,
      fullName: r.full_name,
      role: r.role,
      status: r.status,
      phone: r.phone,
      title: r.title,
      level: r.level,
      managerId: r.manager_id,
      joinDate: r.join_date,
      emailVerifiedAt: instant(r.email_verified_at),
      avatarFileId: r.avatar_file_id,
      createdAt: instant(r.created_at),
      updatedAt: instant(r.updated_at),
    }),
  },
};

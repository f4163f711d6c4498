import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { AppError } from './errors.js';
import type { AuditTrail } from './resource/hooks.js';

type Row = Record<string, unknown>;
type Reader = Pick<Db, 'select'>;

/**
 * A row's version, sent as its ETag: a digest of every stored column, so that any write changes
 * it — even two within one millisecond, which a timestamp would not tell apart.
 */
export function rowVersion(row: Row): string {
  const json = JSON.stringify(row, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
  return `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
}

export function sendVersion(reply: FastifyReply, row: Row) {
  void reply.header('etag', rowVersion(row));
}

/**
 * Whether the request's precondition holds for the row as stored now: `If-Match` (strong
 * comparison, so a weak tag never matches; `*` matches any row), else `If-Unmodified-Since`
 * (to the second, as HTTP dates go). No precondition holds always: stock clients write as before.
 */
export function preconditionHolds(headers: FastifyRequest['headers'], row: Row): boolean {
  const ifMatch = headers['if-match'];
  if (ifMatch !== undefined) {
    const tags = ifMatch.split(',').map((tag) => tag.trim());
    return tags.includes('*') || tags.includes(rowVersion(row));
  }
  const since = headers['if-unmodified-since'];
  if (since !== undefined && typeof row.updatedAt === 'string') {
    const date = Date.parse(since);
    // An unreadable date is ignored, as HTTP says.
    if (Number.isNaN(date)) return true;
    return Math.floor(Date.parse(row.updatedAt) / 1000) * 1000 <= date;
  }
  return true;
}

export interface StaleDetails {
  changedBy: { id: string; name: string } | null;
  changedAt: string;
  /** The record as stored now (the entity the caller may read), so that a client can show theirs beside yours. */
  current: Row;
  /** Its ETag: sent as `If-Match`, it saves over their version deliberately. */
  version: string;
}

/**
 * Refuses a write whose precondition no longer holds: 412 `stale_record`, naming who changed the
 * record last and when (from the audit trail), with the record as it is now and its ETag.
 */
export async function assertCurrent(
  trail: Pick<AuditTrail, 'lastChange'>,
  db: Reader,
  req: FastifyRequest,
  target: {
    entity: string;
    label: string;
    /** What the version is a digest of: the stored row, or the fields a list shows of it. */
    row: Row;
    /** The record as the caller may read it, built only when the write is refused. */
    current: () => Row | Promise<Row>;
    /** The audit entries' id when they are kept under another record (a pipeline's under its job). */
    auditId?: string;
  },
): Promise<void> {
  const { row } = target;
  if (preconditionHolds(req.headers, row)) return;
  const last = await trail.lastChange(db, target.entity, target.auditId ?? String(row.id));
  const changedBy = last?.actor ?? null;
  const changedAt = last?.at ?? String(row.updatedAt ?? '');
  const version = rowVersion(row);
  const details: StaleDetails = { changedBy, changedAt, current: await target.current(), version };
  throw new AppError(
    412,
    `${changedBy?.name ?? 'Someone'} changed this ${target.label.toLowerCase()} at ${changedAt}, after you loaded it`,
    { code: 'stale_record', details, headers: { etag: version } },
  );
}

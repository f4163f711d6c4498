import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FileKind } from '../../../domain/file-slots.js';
import type { ResourceDecl } from '../../../domain/resource.js';
import type { Db } from '../../db/client.js';

export type Row = Record<string, unknown>;
/** A write's transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface AuditEntry {
  actorId: string | null;
  entity: string;
  entityId: string | null;
  action: string;
  before?: unknown;
  after?: unknown;
  requestId?: string;
}

/** Who changed a record last, and when: what a refused stale write names. */
export interface LastChange {
  at: string;
  actor: { id: string; name: string } | null;
}

/** The firm's audit log: every write of the kit adds its entry in the write's own transaction. */
export interface AuditTrail {
  write(db: Db | Tx, entry: AuditEntry): Promise<void>;
  /** Many entries at once (an import's rows), in the same transaction as their writes. */
  writeMany(db: Db | Tx, entries: readonly AuditEntry[]): Promise<void>;
  lastChange(db: Pick<Db, 'select'>, entity: string, entityId: string): Promise<LastChange | undefined>;
}

export interface StoredFile {
  id: string;
  name: string;
  mime: string;
  size: number;
}

/** Where uploaded files are kept: the kit's file slots read, store, send and drop them through it. */
export interface FileStore {
  /** One uploaded file of a multipart request (400 without one, 413 over the limit). */
  readUpload(req: FastifyRequest): Promise<{ name: string; content: Buffer }>;
  /** Checks the kind by content and the size, then keeps it. */
  store(
    db: Db,
    input: { name: string; content: Buffer; ownerId: string | null },
    opts: { allowed: readonly FileKind[]; maxBytes: number },
  ): Promise<StoredFile>;
  send(db: Db, reply: FastifyReply, id: string): Promise<unknown>;
  remove(db: Db, id: string): Promise<void>;
}

/**
 * Runs inside every write of the kit (create, update, delete, restore, a file slot's change, a
 * declared action), with the row as it was and as it will be: throws to refuse the write. The
 * month close is one: nothing changes in a closed month.
 */
export type WriteGuard = (
  db: Pick<Db, 'select' | 'execute' | 'insert' | 'delete'>,
  decl: ResourceDecl,
  before: Row | undefined,
  after: Row | undefined,
) => Promise<void>;

/** A notification the kit asks for (a question on a statement): its type, English title and message, and the params its link and words need. */
export interface KitNotice {
  type: string;
  title: string;
  message: string;
  params: Record<string, string | number | null>;
  /** Who did it: never told of their own act. */
  changedByUserId: string;
}

/** Who tells people: the notifications module. Sent after the write has committed. */
export interface Notifier {
  toUsers(userIds: readonly string[], notice: KitNotice): Promise<void>;
  /** Everyone active whose role is one of `roles`. */
  toRoles(roles: readonly string[], notice: KitNotice): Promise<void>;
}

/**
 * What modules add to the kit, registered at start (`ServerModule.extendKit`) before any resource:
 * the kit declares these hooks and imports no module. The audit log and the file store are needed
 * by every app; a write guard is optional.
 */
export class KitHooks {
  private auditTrail?: AuditTrail;
  private fileStore?: FileStore;
  private readonly guards: WriteGuard[] = [];
  private notices?: Notifier;

  useAuditTrail(trail: AuditTrail) {
    this.auditTrail = trail;
  }
  useFileStore(store: FileStore) {
    this.fileStore = store;
  }
  addWriteGuard(guard: WriteGuard) {
    this.guards.push(guard);
  }
  useNotifier(notifier: Notifier) {
    this.notices = notifier;
  }

  get audit(): AuditTrail {
    if (!this.auditTrail) throw new Error('No audit trail: the audit module registers one at start');
    return this.auditTrail;
  }
  get notifier(): Notifier {
    if (!this.notices) throw new Error('No notifier: the notifications module registers one at start');
    return this.notices;
  }
  get files(): FileStore {
    if (!this.fileStore) throw new Error('No file store: the files module registers one at start');
    return this.fileStore;
  }

  /** Every guard, in registration order; the first refusal wins. */
  async guardWrite(db: Parameters<WriteGuard>[0], decl: ResourceDecl, before: Row | undefined, after: Row | undefined) {
    for (const guard of this.guards) await guard(db, decl, before, after);
  }
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { kindList, type FileKind } from '../../../domain/file-slots.js';
import {
  manyFileAddedSchema,
  manyFileListSchema,
  storedFileRefSchema,
  type ManyFileRef,
  type StoredFileRef,
} from '../../../domain/fields.js';
import type { Api } from '../api.js';
import type { Access } from '../access.js';
import { conflict, notFound } from '../errors.js';
import type { Services } from '../../services.js';
import type { Tx } from './hooks.js';

/** The row of a slot, locked in the write's transaction. */
export interface LockedSlot {
  file: StoredFileRef | null;
  /** Puts `after` on the row and audits the change, in the same transaction. */
  replace(after: StoredFileRef | null): Promise<{ version?: string; announce?: () => void }>;
}

/**
 * The routes of one file kept on a row: upload replaces, download sends it with its own name and
 * type, delete removes it. The resource kit serves every declared slot through it (`files` in a
 * declaration); a file on something that is not a kit row (the CV a pipeline sent to a customer)
 * uses it directly. The owner says how to find, lock and write the row; the slot keeps the rules
 * every such file shares: refusals before the body is read, the type checked by content, the size
 * limited, the row's write and its audit in one transaction, no stored file outliving the row
 * that pointed at it.
 */
export interface FileSlotRoutes {
  /** The route, e.g. `/candidates/:id/cv`. */
  url: string;
  /** What the file is, for the API's descriptions and the 404's text ('CV'). */
  what: string;
  tags: string[];
  params: z.ZodType;
  kinds: readonly FileKind[];
  /** At most the server's FILE_MAX_BYTES, which it is when not given. */
  maxBytes?: number;
  access: { read: Access; write: Access };
  /** Writes honour `If-Match` / `If-Unmodified-Since` (412 `stale_record`): documented so in OpenAPI. */
  precondition?: boolean;
  /** The file as the caller may read it: throws 404 (or 403) when the row is not theirs to read. */
  current(req: FastifyRequest): Promise<StoredFileRef | null>;
  /** Before any upload is read: throws when the caller may not change this row (404, 403, 412). */
  assertMayWrite(req: FastifyRequest): Promise<void>;
  /** In the write's transaction: locks the row (throws 404 when it is gone, 412 when stale). */
  lock(tx: Tx, req: FastifyRequest): Promise<LockedSlot>;
}

/** The slot's size limit (at most the server's), and the same in MB for its description. */
function sizeLimit(s: Services, slotMax: number | undefined) {
  const maxBytes = Math.min(slotMax ?? Infinity, s.config.FILE_MAX_BYTES);
  return { maxBytes, mb: Math.round((maxBytes / 1024 / 1024) * 10) / 10 };
}

/** Reads the request's one file, checks its kind and size, and keeps it: the reference the row records. */
async function keepUpload(s: Services, req: FastifyRequest, kinds: readonly FileKind[], maxBytes: number) {
  const upload = await s.kit.files.readUpload(req);
  const stored = await s.kit.files.store(s.db, { ...upload, ownerId: req.user!.id }, { allowed: kinds, maxBytes });
  const file: StoredFileRef = {
    fileId: stored.id,
    name: stored.name,
    mime: stored.mime,
    size: stored.size,
    uploadedAt: new Date().toISOString(),
  };
  return { file, content: upload.content };
}

export function registerFileSlot(app: Api, s: Services, slot: FileSlotRoutes) {
  const { url, what, tags, params } = slot;
  const { maxBytes, mb } = sizeLimit(s, slot.maxBytes);

  /** The row's write; after the commit, its version on the reply and its live event. */
  async function swap(req: FastifyRequest, reply: FastifyReply, after: StoredFileRef | null) {
    const { before, done } = await s.db.transaction(async (tx) => {
      const locked = await slot.lock(tx, req);
      if (!locked.file && !after) throw notFound(what);
      return { before: locked.file, done: await locked.replace(after) };
    });
    if (done.version) void reply.header('etag', done.version);
    done.announce?.();
    if (before) await s.kit.files.remove(s.db, before.fileId);
  }

  app.put(
    url,
    {
      config: {
        access: slot.access.write,
        precondition: slot.precondition,
        multipartBody: {
          fields: {
            file: {
              description: `The ${what}: ${kindList(slot.kinds)} of at most ${mb} MB, checked by content; replaces the previous one`,
              binary: true,
            },
          },
          required: ['file'],
        },
      },
      schema: { tags, summary: `Upload the ${what}`, consumes: ['multipart/form-data'], params, response: { 200: storedFileRefSchema } },
    },
    async (req, reply) => {
      await slot.assertMayWrite(req);
      const { file } = await keepUpload(s, req, slot.kinds, maxBytes);
      try {
        await swap(req, reply, file);
      } catch (err) {
        // The row went away or changed meanwhile: no file is left behind.
        await s.kit.files.remove(s.db, file.fileId);
        throw err;
      }
      return file;
    },
  );

  app.get(
    url,
    {
      config: { access: slot.access.read },
      schema: { tags, summary: `Download the ${what} with its original name and type`, params },
    },
    async (req, reply) => {
      const file = await slot.current(req);
      if (!file) throw notFound(what);
      return s.kit.files.send(s.db, reply, file.fileId);
    },
  );

  app.delete(
    url,
    {
      config: { access: slot.access.write, precondition: slot.precondition },
      schema: { tags, summary: `Delete the ${what}`, params },
    },
    async (req, reply) => {
      await slot.assertMayWrite(req);
      await swap(req, reply, null);
      return reply.status(204).send();
    },
  );
}

/** The row of a `many` slot, locked in the write's transaction. */
export interface LockedManySlot {
  files: ManyFileRef[];
  /** Puts the new list on the row and audits the change, in the same transaction. */
  replace(after: ManyFileRef[]): Promise<{ version?: string; announce?: () => void }>;
}

/** Another row holding a file with the same content. */
export interface DuplicateRow {
  id: string;
  label: string;
}

/**
 * The routes of a list of files kept on a row (an external cost's vendor invoices): list, add one,
 * download one, delete one. The same rules as one file's slot — refusals before the body is read,
 * kinds by content, size, one transaction with the row's audit, no stored file left behind — plus
 * the list's own: at most `maxFiles` (409 `too_many_files`), and each file flagged when the same
 * content (SHA-256 of what was uploaded) is already on another row the caller may read.
 */
export interface ManyFileSlotRoutes extends Omit<FileSlotRoutes, 'current' | 'lock'> {
  maxFiles: number;
  current(req: FastifyRequest): Promise<ManyFileRef[]>;
  lock(tx: Tx, req: FastifyRequest): Promise<LockedManySlot>;
  /** Other rows (not this one) holding files with these digests, by digest. */
  duplicates(req: FastifyRequest, sha256: readonly string[]): Promise<Map<string, DuplicateRow[]>>;
}

const fileParams = (params: z.ZodType) => (params as z.ZodObject).extend({ fileId: z.uuid({ message: 'invalid_id' }) });

export function registerManyFileSlot(app: Api, s: Services, slot: ManyFileSlotRoutes) {
  const { url, what, tags, params } = slot;
  const { maxBytes, mb } = sizeLimit(s, slot.maxBytes);
  const oneParams = fileParams(params);
  const fileIdOf = (req: FastifyRequest) => (req.params as { fileId: string }).fileId;

  async function withDuplicates(req: FastifyRequest, list: ManyFileRef[]) {
    const dups = await slot.duplicates(req, [...new Set(list.map((f) => f.sha256))]);
    return list.map((f) => ({ ...f, duplicates: dups.get(f.sha256) ?? [] }));
  }

  app.get(
    url,
    {
      config: { access: slot.access.read },
      schema: {
        tags,
        summary: `The ${what} files, each with the other records holding the same file`,
        params,
        response: { 200: manyFileListSchema },
      },
    },
    async (req) => ({ data: await withDuplicates(req, await slot.current(req)) }),
  );

  app.post(
    url,
    {
      config: {
        access: slot.access.write,
        precondition: slot.precondition,
        multipartBody: {
          fields: {
            file: {
              description: `One ${what}: ${kindList(slot.kinds)} of at most ${mb} MB, checked by content; added to the list (at most ${slot.maxFiles})`,
              binary: true,
            },
          },
          required: ['file'],
        },
      },
      schema: {
        tags,
        summary: `Add a ${what}; the answer names the other records already holding the same file`,
        consumes: ['multipart/form-data'],
        params,
        response: { 201: manyFileAddedSchema },
      },
    },
    async (req, reply) => {
      await slot.assertMayWrite(req);
      const kept = await keepUpload(s, req, slot.kinds, maxBytes);
      const file: ManyFileRef = { ...kept.file, sha256: createHash('sha256').update(kept.content).digest('hex') };
      try {
        const done = await s.db.transaction(async (tx) => {
          const locked = await slot.lock(tx, req);
          if (locked.files.length >= slot.maxFiles)
            throw conflict(`A record keeps at most ${slot.maxFiles} files`, 'too_many_files', {
              file: { code: 'too_many_files', params: { max: slot.maxFiles } },
            });
          return locked.replace([...locked.files, file]);
        });
        if (done.version) void reply.header('etag', done.version);
        done.announce?.();
      } catch (err) {
        // The row went away, changed meanwhile or is full: no file is left behind.
        await s.kit.files.remove(s.db, file.fileId);
        throw err;
      }
      const [withDups] = await withDuplicates(req, [file]);
      return reply.status(201).send(withDups!);
    },
  );

  app.get(
    `${url}/:fileId`,
    {
      config: { access: slot.access.read },
      schema: { tags, summary: `Download one ${what} with its original name and type`, params: oneParams },
    },
    async (req, reply) => {
      const file = (await slot.current(req)).find((f) => f.fileId === fileIdOf(req));
      if (!file) throw notFound(what);
      return s.kit.files.send(s.db, reply, file.fileId);
    },
  );

  app.delete(
    `${url}/:fileId`,
    {
      config: { access: slot.access.write, precondition: slot.precondition },
      schema: { tags, summary: `Delete one ${what}`, params: oneParams },
    },
    async (req, reply) => {
      await slot.assertMayWrite(req);
      const fileId = fileIdOf(req);
      const done = await s.db.transaction(async (tx) => {
        const locked = await slot.lock(tx, req);
        if (!locked.files.some((f) => f.fileId === fileId)) throw notFound(what);
        return locked.replace(locked.files.filter((f) => f.fileId !== fileId));
      });
      if (done.version) void reply.header('etag', done.version);
      done.announce?.();
      await s.kit.files.remove(s.db, fileId);
      return reply.status(204).send();
    },
  );
}

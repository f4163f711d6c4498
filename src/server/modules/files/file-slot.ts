import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { storedFileRefSchema, type StoredFileRef } from '../../../domain/fields.js';
import type { Db } from '../../db/client.js';
import type { Api } from '../../http/api.js';
import type { Access } from '../../http/access.js';
import { notFound } from '../../http/errors.js';
import type { Services } from '../../services.js';
import { deleteStoredFile, readUpload, sendStoredFile, storeFile, type FileKind } from './files.service.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * One file kept on a row (a candidate's CV, the CV a pipeline sent to a customer): upload replaces,
 * download sends it with its own name and type, delete removes it. The row's owner says how to find,
 * lock and write the row; the slot keeps the rules every such file shares: the type is checked by
 * content, the size is limited, the row's write and its audit share one transaction, and no stored
 * file outlives the row that pointed at it.
 */
export interface FileSlot {
  /** The route, e.g. `/candidates/:id/cv`. */
  url: string;
  /** What the file is, for the API's descriptions and the 404's text ('CV'). */
  what: string;
  tags: string[];
  params: z.ZodType;
  kinds: readonly FileKind[];
  access: { read: Access; write: Access };
  /** The file as the caller may read it: throws 404 (or 403) when the row is not theirs to read. */
  current(req: FastifyRequest): Promise<StoredFileRef | null>;
  /** Before any upload is read: throws when the caller may not change this row. */
  assertMayWrite(req: FastifyRequest): Promise<void>;
  /** In the write's transaction: locks the row and returns its file; throws 404 when it is gone. */
  lock(tx: Tx, req: FastifyRequest): Promise<StoredFileRef | null>;
  /** In the same transaction: puts `after` on the row and audits the change. */
  write(tx: Tx, req: FastifyRequest, before: StoredFileRef | null, after: StoredFileRef | null): Promise<void>;
}

export function registerFileSlot(app: Api, s: Services, slot: FileSlot) {
  const { url, what, tags, params } = slot;

  app.put(
    url,
    {
      config: {
        access: slot.access.write,
        multipartBody: {
          fields: {
            file: { description: `The ${what}: ${kindList(slot.kinds)}, checked by content; replaces the previous one`, binary: true },
          },
          required: ['file'],
        },
      },
      schema: { tags, summary: `Upload the ${what}`, consumes: ['multipart/form-data'], params, response: { 200: storedFileRefSchema } },
    },
    async (req) => {
      await slot.assertMayWrite(req);
      const upload = await readUpload(req);
      const stored = await storeFile(
        s.db,
        { ...upload, ownerId: req.user!.id },
        { allowed: slot.kinds, maxBytes: s.config.FILE_MAX_BYTES },
      );
      const file: StoredFileRef = {
        fileId: stored.id,
        name: stored.name,
        mime: stored.mime,
        size: stored.size,
        uploadedAt: new Date().toISOString(),
      };
      try {
        const before = await s.db.transaction(async (tx) => {
          const previous = await slot.lock(tx, req);
          await slot.write(tx, req, previous, file);
          return previous;
        });
        if (before) await deleteStoredFile(s.db, before.fileId);
      } catch (err) {
        // The row went away meanwhile: no file is left behind.
        await deleteStoredFile(s.db, stored.id);
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
      return sendStoredFile(s.db, reply, file.fileId);
    },
  );

  app.delete(
    url,
    {
      config: { access: slot.access.write },
      schema: { tags, summary: `Delete the ${what}`, params },
    },
    async (req, reply) => {
      await slot.assertMayWrite(req);
      const before = await s.db.transaction(async (tx) => {
        const previous = await slot.lock(tx, req);
        if (!previous) throw notFound(what);
        await slot.write(tx, req, previous, null);
        return previous;
      });
      await deleteStoredFile(s.db, before.fileId);
      return reply.status(204).send();
    },
  );
}

const KIND_NAMES: Partial<Record<FileKind, string>> = { pdf: 'PDF', doc: 'DOC', docx: 'DOCX' };
const kindList = (kinds: readonly FileKind[]) => {
  const names = kinds.map((k) => KIND_NAMES[k] ?? k.toUpperCase());
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
};

import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Api } from '../../http/api.js';
import type { Services } from '../../services.js';
import { notFound } from '../../http/errors.js';
import { users } from '../users/users.table.js';
import { deleteStoredFile, readUpload, sendStoredFile, storeFile } from './files.service.js';

const tags = ['users'];
const storedFileSchema = z.object({ id: z.uuid(), name: z.string(), mime: z.string(), size: z.number() });

/** Profile pictures, the signed-in user's own; a file on a resource's row is a declared slot instead (decision 012). */
export function registerFileRoutes(app: Api, s: Services) {
  app.put(
    '/user/me/avatar',
    {
      config: {
        access: 'authenticated',
        multipartBody: {
          fields: { file: { description: 'A PNG or JPEG of at most 2 MB; stored re-encoded', binary: true } },
          required: ['file'],
        },
      },
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: storedFileSchema } },
    },
    async (req) => {
      const upload = await readUpload(req);
      const stored = await storeFile(
        s.db,
        { ...upload, ownerId: req.user!.id },
        { allowed: ['png', 'jpeg'], maxBytes: Math.min(s.config.FILE_MAX_BYTES, 2 * 1024 * 1024) },
      );
      const [before] = await s.db.select({ avatarFileId: users.avatarFileId }).from(users).where(eq(users.id, req.user!.id));
      await s.db
        .update(users)
        .set({ avatarFileId: stored.id, updatedAt: sql`now()` })
        .where(eq(users.id, req.user!.id));
      if (before?.avatarFileId) await deleteStoredFile(s.db, before.avatarFileId);
      return stored;
    },
  );

  app.delete('/user/me/avatar', { config: { access: 'authenticated' }, schema: { tags } }, async (req, reply) => {
    const [before] = await s.db.select({ avatarFileId: users.avatarFileId }).from(users).where(eq(users.id, req.user!.id));
    if (!before?.avatarFileId) throw notFound('Avatar');
    await s.db
      .update(users)
      .set({ avatarFileId: null, updatedAt: sql`now()` })
      .where(eq(users.id, req.user!.id));
    await deleteStoredFile(s.db, before.avatarFileId);
    return reply.status(204).send();
  });

  // Any signed-in colleague may see a profile picture.
  app.get(
    '/user/:id/avatar',
    { config: { access: 'authenticated' }, schema: { tags, params: z.object({ id: z.uuid() }) } },
    async (req, reply) => {
      const { id } = req.params as { id: string };
      const [u] = await s.db.select({ avatarFileId: users.avatarFileId }).from(users).where(eq(users.id, id));
      if (!u?.avatarFileId) throw notFound('Avatar');
      return sendStoredFile(s.db, reply, u.avatarFileId);
    },
  );
}

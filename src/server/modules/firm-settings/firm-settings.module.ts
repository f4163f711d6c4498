import { z } from 'zod';
import {
  firmLogoUpdateSchema,
  firmSettingsSchema,
  firmSettingsUpdateSchema,
} from '../../../domain/modules/firm-settings/firm-settings.schema.js';
import type { Api } from '../../http/api.js';
import { AppError, notFound } from '../../http/errors.js';
import type { Db } from '../../db/client.js';
import type { Services } from '../../services.js';
import { writeAudit } from '../audit/audit.service.js';
import type { ServerModule } from '../module.js';
import { firmRow, firmView } from './firm-settings.service.js';
import { firmSettings } from './firm-settings.table.js';

const ADMIN = { roles: ['admin'] as const };

/** The logo's kind from its first bytes: PNG or JPEG, what pdfkit draws as they are. */
const imageType = (b: Buffer) =>
  b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    ? 'image/png'
    : b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff
      ? 'image/jpeg'
      : undefined;

/** The firm's details (admin): read, save (audited), and the logo. Until saved, the environment's FIRM_NAME and logo stand. */
function registerFirmSettingsRoutes(app: Api, s: Services) {
  const tags = ['firm-settings'];

  app.get(
    '/firm-settings',
    {
      config: { access: ADMIN },
      schema: { tags, summary: "The firm's details as its documents print them", response: { 200: firmSettingsSchema } },
    },
    async () => firmView(s, await firmRow(s)),
  );

  /** Saves in one transaction with its audit entry (entity `firm-settings`). */
  async function save(actorId: string, requestId: string, values: Partial<typeof firmSettings.$inferInsert>) {
    const before = await firmRow(s);
    await s.db.transaction(async (tx) => {
      const set = { ...values, updatedAt: new Date().toISOString(), updatedBy: actorId };
      await tx
        .insert(firmSettings)
        .values({ id: 1, name: s.config.FIRM_NAME, ...set })
        .onConflictDoUpdate({ target: firmSettings.id, set });
      const audited = ({ logo, ...rest }: Partial<typeof firmSettings.$inferSelect> = {}) => ({ ...rest, hasLogo: !!logo });
      await writeAudit(tx as unknown as Db, {
        actorId,
        entity: 'firm-settings',
        entityId: null,
        action: before ? 'updated' : 'created',
        before: before ? audited(before) : null,
        after: audited({ ...before, ...values } as typeof firmSettings.$inferSelect),
        requestId,
      });
    });
    return firmView(s, await firmRow(s));
  }

  app.put(
    '/firm-settings',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: "Saves the firm's name, address, tax id, payment details and documents' language (audited)",
        body: firmSettingsUpdateSchema,
        response: { 200: firmSettingsSchema },
      },
    },
    async (req) => save(req.user!.id, req.id, req.body as z.infer<typeof firmSettingsUpdateSchema>),
  );

  app.put(
    '/firm-settings/logo',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: "Replaces the firm's logo (PNG or JPEG in base64, at most 512 KiB; 415 `file_type` otherwise); null puts the default back",
        body: firmLogoUpdateSchema,
        response: { 200: firmSettingsSchema },
      },
    },
    async (req) => {
      const { logo } = req.body as z.infer<typeof firmLogoUpdateSchema>;
      if (logo === null) return save(req.user!.id, req.id, { logo: null, logoType: null });
      const bytes = Buffer.from(logo, 'base64');
      const type = imageType(bytes);
      if (!type) throw new AppError(415, 'The logo is a PNG or JPEG image', { code: 'file_type', issues: { logo: { code: 'file_type' } } });
      return save(req.user!.id, req.id, { logo: bytes, logoType: type });
    },
  );

  app.get(
    '/firm-settings/logo',
    { config: { access: ADMIN }, schema: { tags, summary: "The firm's saved logo (404 while the default stands)" } },
    async (_req, reply) => {
      const row = await firmRow(s);
      if (!row?.logo) throw notFound('Logo');
      return reply
        .header('content-type', row.logoType ?? 'application/octet-stream')
        .header('cache-control', 'no-store')
        .send(row.logo);
    },
  );
}

export const firmSettingsModule: ServerModule = { name: 'firm-settings', routes: registerFirmSettingsRoutes };

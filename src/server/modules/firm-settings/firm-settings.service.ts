import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DocumentLang } from '../../../domain/pdf.js';
import type { FirmSettings } from '../../../domain/modules/firm-settings/firm-settings.schema.js';
import { firmLogo } from '../../pdf/branded-pdf.js';
import type { Services } from '../../services.js';
import { firmSettings } from './firm-settings.table.js';

export type FirmRow = typeof firmSettings.$inferSelect;

export async function firmRow(s: Services): Promise<FirmRow | undefined> {
  const [row] = await s.db.select().from(firmSettings).where(eq(firmSettings.id, 1));
  return row;
}

/** What the API answers: the saved details, or the environment's defaults while none are saved. */
export function firmView(s: Services, row: FirmRow | undefined): FirmSettings {
  return {
    name: row?.name ?? s.config.FIRM_NAME,
    address: row?.address ?? null,
    taxId: row?.taxId ?? null,
    paymentDetails: row?.paymentDetails ?? null,
    language: (row?.language ?? 'en') as DocumentLang,
    hasLogo: !!row?.logo,
    updatedAt: row?.updatedAt ?? null,
  };
}

/** The details a document prints, with the logo's bytes: the saved logo, else the environment's file. */
export async function firmDetails(s: Services, log: FastifyBaseLogger) {
  const row = await firmRow(s);
  return { ...firmView(s, row), logo: row?.logo ?? (await firmLogo(s, log)) };
}

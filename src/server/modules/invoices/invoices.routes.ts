import type { z } from 'zod';
import { invoicesResource } from '../../../domain/modules/invoices/invoices.resource.js';
import { invoiceDraftFromHeadcountSchema, invoiceSchema } from '../../../domain/modules/invoices/invoices.schema.js';
import type { Api } from '../../http/api.js';
import { registeredResource, type Row } from '../../http/resource/index.js';
import type { Services } from '../../services.js';
import { assertMonthsOpen } from '../month-close/month-close.service.js';
import { draftFromHeadcount } from './invoices.headcount-draft.js';

const decl = invoicesResource;

/** A draft built from a customer's seats; the invoice's state actions are declared (invoices.resource.ts, invoices.actions.ts). */
export function registerInvoiceRoutes(app: Api, s: Services) {
  app.post(
    `/${decl.path}/draft-from-headcount`,
    {
      config: { access: { resource: decl.name, action: 'create' } },
      schema: {
        tags: [decl.name],
        summary:
          "A draft invoice for a customer's month built from its seats: monthly seats pro rata to their working days, daily and hourly seats from the hours logged on them",
        body: invoiceDraftFromHeadcountSchema,
        response: { 201: invoiceSchema },
      },
    },
    async (req, reply) => {
      // A closed month is told before what its seats would bill (the create checks it again, under its lock).
      await assertMonthsOpen(s.db, decl.closesWithMonth, undefined, req.body as { period: string });
      const values = await draftFromHeadcount(s.db, req.user!, req.body as z.infer<typeof invoiceDraftFromHeadcountSchema>);
      // The normal create writes it: same owner, checks, totals, audit entry and live event.
      const created = await registeredResource(s, decl.name)!.create(req, reply, values as unknown as Row);
      return reply.status(201).send(created as z.infer<typeof invoiceSchema>);
    },
  );
}

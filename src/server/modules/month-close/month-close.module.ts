import type { z } from 'zod';
import {
  monthCloseBodySchema,
  monthCloseParamSchema,
  monthCloseSchema,
  monthClosesSchema,
  monthReopenBodySchema,
} from '../../../domain/modules/month-close/month-close.schema.js';
import { MONTH_CLOSE_ROLES } from '../../../domain/modules/month-close/month-close.rules.js';
import type { Api } from '../../http/api.js';
import type { Services } from '../../services.js';
import type { ServerModule } from '../module.js';
import { closeMonth, listCloses, monthCloseGuard, reopenMonth } from './month-close.service.js';

const ADMIN = { roles: MONTH_CLOSE_ROLES };

/** The firm's month close (decision 017): everyone signed in reads which months are closed; admin closes and reopens. */
function registerMonthCloseRoutes(app: Api, s: Services) {
  const tags = ['month-closes'];
  const one = async (month: string) => (await listCloses(s.db)).find((r) => r.month === month)!;

  app.get(
    '/month-closes',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'The closed months, newest first', response: { 200: monthClosesSchema } },
    },
    async () => ({ data: await listCloses(s.db) }),
  );

  app.put(
    '/month-closes/:month',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary:
          'Closes a month (YYYY-MM): its invoices, salaries, external costs and logwork become read-only (422 `month_closed`). Closing twice keeps the first close',
        params: monthCloseParamSchema,
        body: monthCloseBodySchema,
        response: { 200: monthCloseSchema },
      },
    },
    async (req) => {
      const { month } = req.params as { month: string };
      const body = req.body as z.infer<typeof monthCloseBodySchema>;
      await closeMonth(s.db, month, body?.note ?? null, { userId: req.user!.id, requestId: req.id }, s.config.BASE_CURRENCY);
      return one(month);
    },
  );

  app.post(
    '/month-closes/:month/reopen',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Reopens a closed month, saying why (audited); 404 when it is not closed',
        params: monthCloseParamSchema,
        body: monthReopenBodySchema,
        response: { 200: monthCloseSchema },
      },
    },
    async (req) => {
      const { month } = req.params as { month: string };
      const { note } = req.body as z.infer<typeof monthReopenBodySchema>;
      const before = (await listCloses(s.db)).find((r) => r.month === month);
      await reopenMonth(s.db, month, note, { userId: req.user!.id, requestId: req.id });
      return before!;
    },
  );
}

export const monthCloseModule: ServerModule = {
  name: 'month-close',
  routes: registerMonthCloseRoutes,
  extendKit: (kit) => kit.addWriteGuard(monthCloseGuard),
};

import type { z } from 'zod';
import {
  monthChecklistSchema,
  monthCloseBodySchema,
  monthCloseParamSchema,
  monthCloseSchema,
  monthClosesSchema,
  monthReopenBodySchema,
} from '../../../domain/modules/month-close/month-close.schema.js';
import { MONTH_CLOSE_ROLES } from '../../../domain/modules/month-close/month-close.rules.js';
import type { Db } from '../../db/client.js';
import type { Api } from '../../http/api.js';
import type { Services } from '../../services.js';
import type { ServerModule } from '../module.js';
import { assertClosable, checklistOf, monthCounts } from './month-close.checklist.js';
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

  app.get(
    '/month-closes/:month/checklist',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary:
          'What is still unfinished in a month before its close: draft invoices (they refuse the close), salaries not approved or not paid, people with logwork missing, costs without a vendor invoice',
        params: monthCloseParamSchema,
        response: { 200: monthChecklistSchema },
      },
    },
    async (req) => {
      const { month } = req.params as { month: string };
      const closed = (await listCloses(s.db)).some((r) => r.month === month);
      return checklistOf(month, closed, await monthCounts(s.db, month));
    },
  );

  app.put(
    '/month-closes/:month',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary:
          'Closes a month (YYYY-MM): its invoices, salaries, external costs and logwork become read-only (422 `month_closed`). Refused while it holds draft invoices (422 `month_draft_invoices`); its other open items (the checklist) must be confirmed by their counts in `confirm` (422 `month_open_items` naming them). Closing twice keeps the first close',
        params: monthCloseParamSchema,
        body: monthCloseBodySchema,
        response: { 200: monthCloseSchema },
      },
    },
    async (req) => {
      const { month } = req.params as { month: string };
      const body = req.body as z.infer<typeof monthCloseBodySchema>;
      // Counted under the close's own lock: nothing lands in the month between the check and the close.
      const check = async (tx: Db, alreadyClosed: boolean) => {
        if (!alreadyClosed) assertClosable(month, await monthCounts(tx, month), body?.confirm);
      };
      await closeMonth(s.db, month, body?.note ?? null, { userId: req.user!.id, requestId: req.id }, s.config.BASE_CURRENCY, check);
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

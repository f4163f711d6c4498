import type { ResourceContext } from './context.js';
import { idParams } from './context.js';
import { sendVersion } from '../precondition.js';
import type { Row } from './resource-module.js';
import { findOne } from './scope.js';

/** `GET /:id`: the record the caller may read (archived ones too, read-only), with its version as `ETag`. */
export function registerRead<TRow extends Row>(ctx: ResourceContext<TRow>) {
  const { app, s, tags, url, access } = ctx;
  app.get(
    url('/:id'),
    {
      config: { access: access('show') },
      schema: { tags, params: idParams, response: { 200: ctx.entitySchema }, description: 'The record, with its version as `ETag`.' },
    },
    async (req, reply) => {
      const row = await findOne(ctx, s.db, req.user!, (req.params as { id: string }).id, false, { withArchived: true });
      sendVersion(reply, row);
      return ctx.toEntity(row);
    },
  );
}

import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../src/domain/auth/permissions.js';
import { slotReadAction, slotWriteAction, type FileKind, type FileSlotDecl } from '../../src/domain/file-slots.js';
import type { ResourceDecl } from '../../src/domain/resource.js';
import { RESOURCES } from '../../src/domain/resources.js';
import { files } from '../../src/server/modules/files/files.table.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';
import { EXPECTED_ACCESS } from '../fixtures/access-table.js';
import { docx, multipart, pdf, png, xlsx } from '../fixtures/documents.js';
import { FACTORIES, factoryContext, type FactoryContext } from '../fixtures/factories.js';
import { openApiPath, type OpenApiDoc } from '../fixtures/openapi.js';

// Every file slot a resource declares (`files` in its declaration), run over the registry: a slot
// added to a declaration is covered without a line of test code. The pipeline's CV, which is not a
// kit row but uses the same helper, has its precondition and cleanup checked at the end.

// FILE_MAX_BYTES is small here so that the size limit is cheap to cross.
const LIMIT = 16 * 1024;
let t: TestApp;
let ctx: FactoryContext;
beforeAll(async () => {
  t = await buildTestApp({ FILE_MAX_BYTES: String(LIMIT) });
  ctx = await factoryContext(t);
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = async (role: Role, method: Method, url: string, opts: { payload?: object; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method, url, headers: { ...(await t.auth(role)), ...opts.headers }, ...(opts.payload ? { payload: opts.payload } : {}) });

const upload = async (role: Role, url: string, file: { name: string; content: Buffer }, headers: Record<string, string> = {}) => {
  const body = multipart(file);
  return t.app.inject({ method: 'PUT', url, payload: body.payload, headers: { ...(await t.auth(role)), ...headers, ...body.headers } });
};

/** A small real file of each kind, as the content check reads it. */
const SAMPLES: Record<FileKind, () => Promise<Buffer>> = {
  pdf: () => pdf('Curriculum vitae — Lê Thị Hồng'),
  docx: async () => docx('Lê Thị Hồng'),
  // The OLE2 compound file signature and an empty header: what legacy .doc files start with.
  doc: async () => Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]),
  xlsx: () => xlsx(),
  png: async () => png(8),
  jpeg: () =>
    sharp({ create: { width: 8, height: 8, channels: 3, background: '#c00' } })
      .jpeg()
      .toBuffer(),
  csv: async () => Buffer.from('\uFEFFname;code\r\nLê Thị Hồng;LTH\r\n'),
};
const EXTENSION: Record<FileKind, string> = { pdf: 'pdf', docx: 'docx', doc: 'doc', xlsx: 'xlsx', png: 'png', jpeg: 'jpg', csv: 'csv' };
/** Images are stored re-encoded, so only documents come back byte for byte. */
const KEPT_AS_SENT = new Set<FileKind>(['pdf', 'docx', 'doc', 'xlsx', 'csv']);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(58), Buffer.from([0x80, 0, 0, 0]), Buffer.alloc(64), Buffer.from('PE\0\0')]);

const ALL_SLOTS = RESOURCES.flatMap((r) => Object.entries(r.files ?? {}).map(([key, slot]) => ({ r, key, slot })));
/** Slots of one file (PUT replaces it) and slots keeping a list (`many`: POST adds one). */
const SLOTS = ALL_SLOTS.filter((s) => !s.slot.many);
const MANY_SLOTS = ALL_SLOTS.filter((s) => s.slot.many);
const slotName = (r: ResourceDecl, key: string) => `${r.name} /:id/${key}`;

let seq = 0;
/**
 * A row made by admin that every reader of the slot may read: one for a sale where sales read their
 * own rows only (an invoice of the sale's own customer); the factories make it so for `sale`.
 */
async function createRow(r: ResourceDecl) {
  const forSale = (EXPECTED_ACCESS[r.name]?.show ?? []).includes('sale') ? 'sale' : undefined;
  const res = await call('admin', 'POST', `${r.base}/${r.path}`, { payload: FACTORIES[r.name]!.create(++seq, ctx, forSale) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Record<string, unknown> & { id: string };
}
const stored = async (fileId: string) =>
  (await t.services.db.select({ id: files.id }).from(files).where(eq(files.id, fileId))).length === 1;
const fileCount = async () => (await t.services.db.select({ id: files.id }).from(files)).length;

/** The roles the hand-written access table lets do an action of the resource, and the others. */
const rolesFor = (r: ResourceDecl, action: string) => {
  const allowed = EXPECTED_ACCESS[r.name]?.[action] ?? [];
  return { allowed, refused: ROLES.filter((role) => !allowed.includes(role)) };
};

it('the candidates declare their CV and converted CV', () => {
  expect(SLOTS.map((s) => slotName(s.r, s.key))).toEqual(expect.arrayContaining(['candidates /:id/cv', 'candidates /:id/cv-converted']));
});

describe.each(SLOTS)('$r.name /:id/$key', ({ r, key, slot }: { r: ResourceDecl; key: string; slot: FileSlotDecl }) => {
  const rowUrl = (id: string) => `${r.base}/${r.path}/${id}`;
  const slotUrl = (id: string) => `${rowUrl(id)}/${key}`;
  const [first, second = first] = slot.types as [FileKind, FileKind?];
  const readers = rolesFor(r, slotReadAction(slot));
  const writers = rolesFor(r, slotWriteAction(slot));
  const writer = writers.allowed.includes('admin') ? 'admin' : writers.allowed[0]!;
  const history = async (id: string) =>
    (await call('admin', 'GET', `/api/v1/audit?entity=${r.name}&entityId=${id}`)).json().data as Array<{
      actor: { id: string } | null;
      changes: Array<{ field: string; from: { name: string } | null; to: { name: string } | null }>;
    }>;

  it('uploads, downloads, replaces and deletes, each change on the record and in its History; no file outlives its place', async () => {
    const row = await createRow(r);
    expect(row[slot.field]).toBeNull();
    const loaded = (await call(writer, 'GET', rowUrl(row.id))).headers.etag as string;

    const content = await SAMPLES[first]();
    const up = await upload(writer, slotUrl(row.id), { name: `Lê Thị Hồng.${EXTENSION[first]}`, content }, { 'if-match': loaded });
    expect(up.statusCode, up.body).toBe(200);
    const ref = up.json() as { fileId: string; name: string; mime: string; size: number; uploadedAt: string };
    expect(ref).toMatchObject({ name: `Lê Thị Hồng.${EXTENSION[first]}`, size: expect.any(Number), mime: expect.any(String) });
    expect(Number.isNaN(Date.parse(ref.uploadedAt))).toBe(false);
    // The row's new version comes back, as the kit's other writes give it.
    const shown = await call(readers.allowed[0]!, 'GET', rowUrl(row.id));
    expect(up.headers.etag).toBe(shown.headers.etag);
    expect(up.headers.etag).not.toBe(loaded);
    expect(shown.json()[slot.field]).toEqual(ref);

    for (const role of readers.allowed) {
      const down = await call(role, 'GET', slotUrl(row.id));
      expect(down.statusCode, role).toBe(200);
      expect(down.headers['content-type']).toBe(ref.mime);
      expect(down.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(ref.name)}`);
      if (KEPT_AS_SENT.has(first)) expect(down.rawPayload.equals(content)).toBe(true);
    }

    // A new upload replaces the file: the one it replaced is gone from the storage.
    const again = await upload(writer, slotUrl(row.id), { name: `second.${EXTENSION[second]}`, content: await SAMPLES[second]() });
    expect(again.statusCode, again.body).toBe(200);
    expect(await stored(ref.fileId)).toBe(false);
    expect(await stored(again.json().fileId)).toBe(true);

    const del = await call(writer, 'DELETE', slotUrl(row.id), { headers: { 'if-match': again.headers.etag as string } });
    expect(del.statusCode, del.body).toBe(204);
    expect(del.headers.etag).toBe((await call(writer, 'GET', rowUrl(row.id))).headers.etag);
    expect(await stored(again.json().fileId)).toBe(false);
    expect((await call(writer, 'GET', rowUrl(row.id))).json()[slot.field]).toBeNull();
    expect((await call(writer, 'GET', slotUrl(row.id))).statusCode).toBe(404);
    expect((await call(writer, 'DELETE', slotUrl(row.id))).statusCode).toBe(404);

    // History tells who put which file and who took it away, newest first.
    const changes = (await history(row.id)).flatMap((e) =>
      e.changes.filter((c) => c.field === slot.field).map((c) => [e.actor?.id, c.from?.name ?? null, c.to?.name ?? null]),
    );
    const by = t.users[writer].id;
    expect(changes).toEqual([
      [by, `second.${EXTENSION[second]}`, null],
      [by, ref.name, `second.${EXTENSION[second]}`],
      [by, null, ref.name],
    ]);
  });

  it('refuses a file of another type (415) or over the size limit (413), storing nothing', async () => {
    const row = await createRow(r);
    const other = (Object.keys(SAMPLES) as FileKind[]).find((k) => !slot.types.includes(k));
    const before = await fileCount();
    for (const file of [
      { name: `cv.${EXTENSION[first]}`, content: EXE },
      ...(other ? [{ name: `not-mine.${EXTENSION[first]}`, content: await SAMPLES[other]() }] : []),
    ]) {
      const res = await upload(writer, slotUrl(row.id), file);
      expect(res.statusCode, file.name).toBe(415);
      expect(res.json()).toMatchObject({ code: 'file_type', issues: { file: { code: 'file_type' } } });
    }
    const max = Math.min(slot.maxBytes ?? LIMIT, LIMIT);
    const big = await upload(writer, slotUrl(row.id), {
      name: `big.${EXTENSION[first]}`,
      content: Buffer.concat([await SAMPLES[first](), Buffer.alloc(max)]),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'file_too_large', issues: { file: { code: 'file_too_large' } } });
    expect(await fileCount()).toBe(before);
    expect((await call(writer, 'GET', rowUrl(row.id))).json()[slot.field]).toBeNull();
  });

  it('is changed only by the roles of its write action, read only by those of its read action (403)', async () => {
    const row = await createRow(r);
    const content = await SAMPLES[first]();
    expect((await upload(writer, slotUrl(row.id), { name: `cv.${EXTENSION[first]}`, content })).statusCode).toBe(200);
    expect(writers.refused.length + readers.refused.length, 'a slot every role may change and read proves nothing here').toBeGreaterThan(0);
    for (const role of writers.refused) {
      expect((await upload(role, slotUrl(row.id), { name: `cv.${EXTENSION[first]}`, content })).statusCode, role).toBe(403);
      expect((await call(role, 'DELETE', slotUrl(row.id))).statusCode, role).toBe(403);
    }
    for (const role of readers.refused) expect((await call(role, 'GET', slotUrl(row.id))).statusCode, role).toBe(403);
    expect((await call(writer, 'GET', rowUrl(row.id))).json()[slot.field]).not.toBeNull();
  });

  it('answers 404 for a row that does not exist or is deleted, 400 for a bad id', async () => {
    const content = await SAMPLES[first]();
    const missing = '00000000-0000-4000-8000-000000000000';
    const before = await fileCount();
    expect((await upload(writer, slotUrl(missing), { name: `cv.${EXTENSION[first]}`, content })).statusCode).toBe(404);
    expect((await call(writer, 'GET', slotUrl(missing))).statusCode).toBe(404);
    expect((await call(writer, 'DELETE', slotUrl(missing))).statusCode).toBe(404);
    const row = await createRow(r);
    expect((await call('admin', 'DELETE', rowUrl(row.id))).statusCode).toBe(200);
    expect((await upload(writer, slotUrl(row.id), { name: `cv.${EXTENSION[first]}`, content })).statusCode).toBe(404);
    expect(await fileCount()).toBe(before);
    expect((await call(writer, 'GET', `${r.base}/${r.path}/not-an-id/${key}`)).statusCode).toBe(400);
  });

  it('refuses an upload or a delete made from a version changed since (412 stale_record), keeping the newer file', async () => {
    const row = await createRow(r);
    const old = (await call(writer, 'GET', rowUrl(row.id))).headers.etag as string;
    const content = await SAMPLES[first]();
    const mine = await upload(writer, slotUrl(row.id), { name: `first.${EXTENSION[first]}`, content }, { 'if-match': old });
    expect(mine.statusCode, mine.body).toBe(200);

    const before = await fileCount();
    const stale = await upload('admin', slotUrl(row.id), { name: `late.${EXTENSION[first]}`, content }, { 'if-match': old });
    expect(stale.statusCode, stale.body).toBe(412);
    expect(stale.json()).toMatchObject({
      code: 'stale_record',
      details: { changedBy: { id: t.users[writer].id }, current: { id: row.id, [slot.field]: mine.json() } },
    });
    expect(stale.headers.etag).toBe(mine.headers.etag);
    const staleDelete = await call('admin', 'DELETE', slotUrl(row.id), { headers: { 'if-match': old } });
    expect(staleDelete.statusCode).toBe(412);
    expect(await fileCount()).toBe(before);
    expect((await call(writer, 'GET', rowUrl(row.id))).json()[slot.field]).toEqual(mine.json());
    // The version just shown saves over it deliberately.
    const over = await upload(
      'admin',
      slotUrl(row.id),
      { name: `late.${EXTENSION[first]}`, content },
      { 'if-match': mine.headers.etag as string },
    );
    expect(over.statusCode, over.body).toBe(200);
  });

  it('is documented: multipart upload, its refusals and the precondition', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json() as OpenApiDoc;
    const ops = doc.paths[openApiPath(slotUrl(':id'))]!;
    expect(Object.keys(ops).sort()).toEqual(['delete', 'get', 'put']);
    expect(ops.put!.requestBody?.content?.['multipart/form-data']?.schema?.properties?.file).toMatchObject({ format: 'binary' });
    expect(Object.keys(ops.put!.responses ?? {})).toEqual(expect.arrayContaining(['200', '403', '404', '412', '413', '415']));
    expect(Object.keys(ops.delete!.responses ?? {})).toEqual(expect.arrayContaining(['403', '404', '412']));
    expect(ops.put!.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['if-match']));
  });
});

it('external costs keep several vendor invoices', () => {
  expect(MANY_SLOTS.map((s) => slotName(s.r, s.key))).toEqual(expect.arrayContaining(['external-costs /:id/upload-invoices']));
});

const add = async (role: Role, url: string, file: { name: string; content: Buffer }, headers: Record<string, string> = {}) => {
  const body = multipart(file);
  return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...(await t.auth(role)), ...headers, ...body.headers } });
};

describe.each(MANY_SLOTS)('$r.name /:id/$key (several files)', ({ r, key, slot }: { r: ResourceDecl; key: string; slot: FileSlotDecl }) => {
  const rowUrl = (id: string) => `${r.base}/${r.path}/${id}`;
  const slotUrl = (id: string) => `${rowUrl(id)}/${key}`;
  const [first, second = first] = slot.types as [FileKind, FileKind?];
  const readers = rolesFor(r, slotReadAction(slot));
  const writers = rolesFor(r, slotWriteAction(slot));
  const writer = writers.allowed.includes('admin') ? 'admin' : writers.allowed[0]!;
  type Listed = { fileId: string; name: string; mime: string; sha256: string; duplicates: Array<{ id: string; label: string }> };
  const listed = async (role: Role, id: string) => (await call(role, 'GET', slotUrl(id))).json().data as Listed[];

  it('adds, lists, downloads and deletes files one by one, each change on the record and in its History; no file outlives its place', async () => {
    const row = await createRow(r);
    expect(row[slot.field]).toEqual([]);
    const loaded = (await call(writer, 'GET', rowUrl(row.id))).headers.etag as string;
    const content = await SAMPLES[first]();
    const one = await add(writer, slotUrl(row.id), { name: `Hóa đơn 1.${EXTENSION[first]}`, content }, { 'if-match': loaded });
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json()).toMatchObject({
      name: `Hóa đơn 1.${EXTENSION[first]}`,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      duplicates: [],
    });
    expect(one.headers.etag).not.toBe(loaded);
    // A stale version is refused, storing nothing.
    const before = await fileCount();
    const stale = await add(writer, slotUrl(row.id), { name: `late.${EXTENSION[first]}`, content }, { 'if-match': loaded });
    expect(stale.statusCode).toBe(412);
    expect(await fileCount()).toBe(before);
    const two = await add(
      writer,
      slotUrl(row.id),
      { name: `Hóa đơn 2.${EXTENSION[second]}`, content: await SAMPLES[second]() },
      { 'if-match': one.headers.etag as string },
    );
    expect(two.statusCode, two.body).toBe(201);

    const shown = (await call(readers.allowed[0]!, 'GET', rowUrl(row.id))).json();
    expect(shown[slot.field].map((f: { fileId: string }) => f.fileId)).toEqual([one.json().fileId, two.json().fileId]);
    for (const role of readers.allowed) {
      expect(
        (await listed(role, row.id)).map((f) => f.name),
        role,
      ).toEqual([one.json().name, two.json().name]);
      const down = await call(role, 'GET', `${slotUrl(row.id)}/${one.json().fileId}`);
      expect(down.statusCode, role).toBe(200);
      expect(down.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(one.json().name)}`);
      if (KEPT_AS_SENT.has(first)) expect(down.rawPayload.equals(content)).toBe(true);
    }

    const del = await call(writer, 'DELETE', `${slotUrl(row.id)}/${one.json().fileId}`, {
      headers: { 'if-match': one.headers.etag as string },
    });
    expect(del.statusCode, 'a delete from an old version').toBe(412);
    const ok = await call(writer, 'DELETE', `${slotUrl(row.id)}/${one.json().fileId}`);
    expect(ok.statusCode, ok.body).toBe(204);
    expect(await stored(one.json().fileId)).toBe(false);
    expect(await stored(two.json().fileId)).toBe(true);
    expect((await listed(writer, row.id)).map((f) => f.fileId)).toEqual([two.json().fileId]);
    expect((await call(writer, 'GET', `${slotUrl(row.id)}/${one.json().fileId}`)).statusCode).toBe(404);
    expect((await call(writer, 'DELETE', `${slotUrl(row.id)}/${one.json().fileId}`)).statusCode).toBe(404);

    const names = (v: Array<{ name: string }> | null) => (v ?? []).map((f) => f.name).join('|');
    const changes = (
      (await call('admin', 'GET', `/api/v1/audit?entity=${r.name}&entityId=${row.id}`)).json().data as Array<{
        changes: Array<{ field: string; from: Array<{ name: string }> | null; to: Array<{ name: string }> | null }>;
      }>
    )
      .flatMap((e) => e.changes.filter((c) => c.field === slot.field).map((c) => [names(c.from), names(c.to)]))
      // The record's creation shows its empty list.
      .filter(([from, to]) => from || to);
    expect(changes).toEqual([
      [`${one.json().name}|${two.json().name}`, two.json().name],
      [one.json().name, `${one.json().name}|${two.json().name}`],
      ['', one.json().name],
    ]);
  });

  it('flags a file whose content is already on another record, with a link to it; the upload is kept', async () => {
    const a = await createRow(r);
    const b = await createRow(r);
    const content = await pdf(`Vendor invoice ${Date.now()}`);
    expect((await add(writer, slotUrl(a.id), { name: 'invoice.pdf', content })).json().duplicates).toEqual([]);
    const again = await add(writer, slotUrl(b.id), { name: 'same-invoice.pdf', content });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().duplicates).toEqual([{ id: a.id, label: a[r.recordTitle] }]);
    // The listing says it on both sides, for every reader.
    for (const role of readers.allowed) {
      expect(
        (await listed(role, a.id))[0]!.duplicates.map((d) => d.id),
        role,
      ).toEqual([b.id]);
      expect(
        (await listed(role, b.id))[0]!.duplicates.map((d) => d.id),
        role,
      ).toEqual([a.id]);
    }
    // A different file is not flagged.
    const other = await add(writer, slotUrl(b.id), { name: 'other.pdf', content: await pdf(`Another ${Date.now()}`) });
    expect(other.json().duplicates).toEqual([]);
  });

  it('refuses a file of another type (415) or over the size limit (413), a role without the action (403), a missing row (404)', async () => {
    const row = await createRow(r);
    const before = await fileCount();
    const res = await add(writer, slotUrl(row.id), { name: `x.${EXTENSION[first]}`, content: EXE });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'file_type', issues: { file: { code: 'file_type' } } });
    const max = Math.min(slot.maxBytes ?? LIMIT, LIMIT);
    const big = await add(writer, slotUrl(row.id), {
      name: `big.${EXTENSION[first]}`,
      content: Buffer.concat([await SAMPLES[first](), Buffer.alloc(max)]),
    });
    expect(big.statusCode).toBe(413);
    expect(await fileCount()).toBe(before);
    const content = await SAMPLES[first]();
    const kept = await add(writer, slotUrl(row.id), { name: `ok.${EXTENSION[first]}`, content });
    for (const role of writers.refused) {
      expect((await add(role, slotUrl(row.id), { name: `x.${EXTENSION[first]}`, content })).statusCode, role).toBe(403);
      expect((await call(role, 'DELETE', `${slotUrl(row.id)}/${kept.json().fileId}`)).statusCode, role).toBe(403);
    }
    for (const role of readers.refused) expect((await call(role, 'GET', slotUrl(row.id))).statusCode, role).toBe(403);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await add(writer, slotUrl(missing), { name: `x.${EXTENSION[first]}`, content })).statusCode).toBe(404);
    expect((await call(writer, 'GET', slotUrl(missing))).statusCode).toBe(404);
    expect((await call(writer, 'GET', `${slotUrl(row.id)}/not-an-id`)).statusCode).toBe(400);
    expect((await listed(writer, row.id)).length).toBe(1);
  });

  it('is documented: list, multipart add, one file read and deleted, with the precondition', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json() as OpenApiDoc;
    const list = doc.paths[openApiPath(slotUrl(':id'))]!;
    expect(Object.keys(list).sort()).toEqual(['get', 'post']);
    expect(list.post!.requestBody?.content?.['multipart/form-data']?.schema?.properties?.file).toMatchObject({ format: 'binary' });
    expect(Object.keys(list.post!.responses ?? {})).toEqual(expect.arrayContaining(['201', '403', '404', '412', '413', '415']));
    expect(list.post!.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['if-match']));
    const one = doc.paths[openApiPath(`${slotUrl(':id')}/:fileId`)]!;
    expect(Object.keys(one).sort()).toEqual(['delete', 'get']);
  });
});

describe("the pipeline's CV, on the slot helper", () => {
  it("is changed only from the entry's current version; the replaced file is gone", async () => {
    const [job] = (await call('admin', 'GET', '/api/v1/jobs?_start=0&_end=1&status=open')).json() as Array<{ id: string }>;
    const c = await createRow(RESOURCES.find((r) => r.name === 'candidates')!);
    expect((await call('hr', 'POST', `/api/v1/jobs/${job!.id}/candidates`, { payload: { candidateId: c.id } })).statusCode).toBe(201);
    const entry = async () =>
      (
        (await call('hr', 'GET', `/api/v1/jobs/${job!.id}/candidates`)).json() as Array<{
          candidateId: string;
          version: string;
          cv: { fileId: string } | null;
        }>
      ).find((e) => e.candidateId === c.id)!;
    const url = `/api/v1/jobs/${job!.id}/candidates/${c.id}/cv`;
    const loaded = (await entry()).version;
    const first = await upload('hr', url, { name: 'cv.pdf', content: await pdf('cv') }, { 'if-match': loaded });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers.etag).toBe((await entry()).version);

    const before = await fileCount();
    const stale = await upload('hr', url, { name: 'cv.docx', content: docx() }, { 'if-match': loaded });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ code: 'stale_record', details: { changedBy: { id: t.users.hr.id } } });
    expect((await call('hr', 'DELETE', url, { headers: { 'if-match': loaded } })).statusCode).toBe(412);
    expect(await fileCount()).toBe(before);

    const second = await upload('hr', url, { name: 'cv.docx', content: docx() }, { 'if-match': first.headers.etag as string });
    expect(second.statusCode, second.body).toBe(200);
    expect(await stored(first.json().fileId)).toBe(false);
    expect((await entry()).cv?.fileId).toBe(second.json().fileId);
  });
});

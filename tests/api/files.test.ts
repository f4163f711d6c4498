import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../src/server/modules/files/files.table.js';
import { detectKind, FILE_KINDS, storeFile, type FileKind } from '../../src/server/modules/files/files.service.js';
import { AppError } from '../../src/server/http/errors.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';
import { docx, multipart, pdf, png, xlsx, zip } from '../fixtures/documents.js';
import sharp from 'sharp';

const pixels = async (image: Buffer) => {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, channels: info.channels, data: data.toString('base64') };
};

// FILE_MAX_BYTES is small here so that the size limit is cheap to cross.
const LIMIT = 4096;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ FILE_MAX_BYTES: String(LIMIT) });
});
afterAll(() => t?.close());

const avatar = async (role: Parameters<TestApp['auth']>[0], body: { payload: Buffer | string; headers: Record<string, string> }) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/v1/user/me/avatar',
    payload: body.payload,
    headers: { ...(await t.auth(role)), ...body.headers },
  });

function expectError(res: { statusCode: number; json(): unknown }, status: number) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ statusCode: status, error: expect.any(String), message: expect.any(String) });
}

describe('avatar upload and download', () => {
  it('stores a PNG, serves it to colleagues with its name and type, and deletes it', async () => {
    const image = png(16);
    expect(image.length).toBeLessThan(LIMIT);
    const up = await avatar('developer', multipart({ name: 'me at the beach.png', type: 'image/png', content: image }));
    expect(up.statusCode, up.body).toBe(200);
    const stored = up.json() as { id: string; name: string; mime: string; size: number };
    expect(stored).toMatchObject({ name: 'me at the beach.png', mime: 'image/png', size: expect.any(Number) });

    // The profile points at it.
    const me = await t.app.inject({ url: '/api/v1/user/me', headers: await t.auth('developer') });
    expect(me.json().avatarFileId).toBe(stored.id);

    // Another signed-in user downloads exactly the bytes, with name and type.
    const url = `/api/v1/user/${t.users.developer.id}/avatar`;
    const down = await t.app.inject({ url, headers: await t.auth('sale') });
    expect(down.statusCode).toBe(200);
    expect(down.headers['content-type']).toBe('image/png');
    expect(down.headers['content-length']).toBe(String(stored.size));
    expect(down.headers['x-content-type-options']).toBe('nosniff');
    expect(down.headers['content-disposition']).toBe(
      `attachment; filename="me at the beach.png"; filename*=UTF-8''me%20at%20the%20beach.png`,
    );
    // Re-encoded on the server: the same pixels, not necessarily the same bytes.
    expect(await pixels(down.rawPayload)).toEqual(await pixels(image));
    // Not without signing in.
    expectError(await t.app.inject({ url }), 401);

    // Replacing it leaves one stored file, not two.
    const again = await avatar('developer', multipart({ name: 'new.png', content: png(12) }));
    expect(again.statusCode).toBe(200);
    const [{ n }] = (await t.database.db.select({ n: count() }).from(files).where(eq(files.ownerId, t.users.developer.id))) as [
      { n: number },
    ];
    expect(Number(n)).toBe(1);
    expect((await t.database.db.select({ id: files.id }).from(files).where(eq(files.id, stored.id))).length).toBe(0);

    const del = await t.app.inject({ method: 'DELETE', url: '/api/v1/user/me/avatar', headers: await t.auth('developer') });
    expect(del.statusCode).toBe(204);
    expectError(await t.app.inject({ url, headers: await t.auth('sale') }), 404);
    expectError(await t.app.inject({ method: 'DELETE', url: '/api/v1/user/me/avatar', headers: await t.auth('developer') }), 404);
    expect((await t.database.db.select({ id: files.id }).from(files).where(eq(files.ownerId, t.users.developer.id))).length).toBe(0);
  });

  it('keeps a non-ASCII file name, and never lets it break the header', async () => {
    // Browsers send the name's UTF-8 bytes as they are.
    const res = await avatar('hr', multipart({ name: 'Trần Thị Mai — ảnh.png', content: png() }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().name).toBe('Trần Thị Mai — ảnh.png');
    const down = await t.app.inject({ url: `/api/v1/user/${t.users.hr.id}/avatar`, headers: await t.auth('admin') });
    const disposition = down.headers['content-disposition'] as string;
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toBe('Trần Thị Mai — ảnh.png');
  });

  it('judges the type by content: a text file named .png is 415, a PDF is not an avatar either', async () => {
    expectError(
      await avatar('developer', multipart({ name: 'x.png', type: 'image/png', content: Buffer.from('just some text, honestly') })),
      415,
    );
    const doc = await pdf();
    expect(doc.length).toBeLessThan(LIMIT);
    expectError(await avatar('developer', multipart({ name: 'photo.png', type: 'image/png', content: doc })), 415);
    const me = await t.app.inject({ url: '/api/v1/user/me', headers: await t.auth('developer') });
    expect(me.json().avatarFileId).toBeNull();
  });

  it('refuses a file over the size limit with 413', async () => {
    const big = Buffer.concat([png(), Buffer.alloc(LIMIT)]);
    const res = await avatar('developer', multipart({ name: 'big.png', content: big }));
    expectError(res, 413);
    expect(res.json()).toMatchObject({ code: 'file_too_large', errors: { file: 'The file is too large' } });
  });

  it('answers 400 when no file is sent, and 415 when the request is not multipart', async () => {
    const none = await avatar('developer', multipart(undefined, { note: 'forgot the file' }));
    expectError(none, 400);
    expect(none.json()).toMatchObject({ code: 'file_missing', errors: { file: 'Required' } });
    expectError(await avatar('developer', multipart({ name: 'empty.png', content: Buffer.alloc(0) })), 400);
    expectError(
      await avatar('developer', { payload: JSON.stringify({ file: 'iVBORw0KGgo=' }), headers: { 'content-type': 'application/json' } }),
      415,
    );
  });

  it('answers 404 for a user without an avatar and 400 for an id that is not one', async () => {
    expectError(await t.app.inject({ url: `/api/v1/user/${t.users.manager.id}/avatar`, headers: await t.auth('admin') }), 404);
    expectError(await t.app.inject({ url: '/api/v1/user/not-a-uuid/avatar', headers: await t.auth('admin') }), 400);
  });
});

describe('storeFile: type by content, for every module', () => {
  const all = Object.keys(FILE_KINDS) as FileKind[];
  const store = (name: string, content: Buffer, allowed: readonly FileKind[] = all, maxBytes = 1024 * 1024) =>
    storeFile(t.database.db, { name, content, ownerId: null }, { allowed, maxBytes });

  it('recognises PDF (pdfkit), XLSX (exceljs), DOCX, PNG whatever their names say', async () => {
    const samples: Array<[FileKind, Buffer]> = [
      ['pdf', await pdf()],
      ['xlsx', await xlsx()],
      ['docx', docx()],
      ['png', png()],
      ['jpeg', await sharp(png(16)).jpeg().toBuffer()],
    ];
    for (const [kind, content] of samples) {
      expect(await detectKind(content)).toBe(kind);
      // Misleading names do not matter: the stored type is the content's, and so is the extension.
      const saved = await store(`misnamed.${kind === 'pdf' ? 'docx' : 'pdf'}`, content);
      const ext = kind === 'jpeg' ? 'jpg' : kind;
      expect(saved).toMatchObject({ mime: FILE_KINDS[kind], name: `misnamed.${ext}` });
      const [row] = await t.database.db.select().from(files).where(eq(files.id, saved.id));
      expect(row!.size).toBe(row!.content.length);
      // Documents are kept as sent; images are re-encoded (checked below).
      if (kind !== 'png' && kind !== 'jpeg') expect(row!.content.equals(content)).toBe(true);
      else expect(await detectKind(row!.content)).toBe(kind);
    }
  });

  it('refuses kinds a caller does not allow, unknown content, an empty file, and a file over its limit', async () => {
    const rejects = async (p: Promise<unknown>, status: number) => {
      const err = await p.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).statusCode).toBe(status);
    };
    await rejects(store('sheet.xlsx', await xlsx(), ['pdf', 'docx']), 415);
    await rejects(store('cv.docx', docx(), ['pdf']), 415);
    // A ZIP that is not an Office document, and plain text, are not accepted as any document or image.
    const documents = all.filter((k) => k !== 'csv');
    await rejects(store('cv.docx', zip({ 'readme.txt': 'hello' })), 415);
    await rejects(store('cv.pdf', Buffer.from('%PDX not really'), documents), 415);
    await rejects(store('notes.txt', Buffer.from('plain text'), documents), 415);
    // Text is a .csv only where the caller takes one (an import's file), and binary garbage never is.
    expect(await store('notes.txt', Buffer.from('name;code\nAcme;AC'), ['csv'])).toMatchObject({ mime: 'text/csv', name: 'notes.csv' });
    await rejects(store('x.csv', Buffer.from([0x00, 0x01, 0x02, 0xff]), ['csv']), 415);
    await rejects(store('empty.pdf', Buffer.alloc(0)), 400);
    await rejects(store('big.pdf', await pdf(), all, 100), 413);
  });

  it('never keeps path parts, quotes or control characters of a name', async () => {
    const saved = await store('../..\\etc/"passwd"\u0000\r\n.png', png());
    expect([...saved.name].filter((c) => '/\\"'.includes(c) || c.charCodeAt(0) < 0x20)).toEqual([]);
    const unnamed = await store('', png());
    expect(unnamed.name).toBe('file.png');
  });
});

describe('uploads keep only pixels and an honest name', () => {
  it('strips control, format and bidi characters from the name and makes the extension match the content', async () => {
    const res = await avatar('sale', multipart({ name: 'invoice\u202Egnp\u007f\u200b.exe', type: 'image/png', content: png() }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'invoicegnp.png', mime: 'image/png' });
    const jpeg = await sharp(png(16)).jpeg().toBuffer();
    const asJpeg = await avatar('sale', multipart({ name: 'photo.png', type: 'image/png', content: jpeg }));
    expect(asJpeg.json()).toMatchObject({ name: 'photo.jpg', mime: 'image/jpeg' });
  });

  it('re-encodes an image: HTML appended to a PNG and its metadata are not stored', async () => {
    const withExif = await sharp(png(16))
      .withMetadata({ exif: { IFD0: { Copyright: 'SECRET-GPS-AND-NAME' } } })
      .png()
      .toBuffer();
    const polyglot = Buffer.concat([withExif, Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
    const res = await avatar('sale', multipart({ name: 'me.png', type: 'image/png', content: polyglot }));
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.db.select().from(files).where(eq(files.id, res.json().id));
    expect(row!.content.includes('<script')).toBe(false);
    expect(row!.content.includes('SECRET-GPS-AND-NAME')).toBe(false);
    expect(await pixels(row!.content)).toEqual(await pixels(png(16)));
  });

  it('refuses an image that does not decode (a PNG signature and garbage) with 415', async () => {
    const fake = Buffer.concat([png().subarray(0, 33), Buffer.from('garbage'.repeat(20))]);
    const res = await avatar('sale', multipart({ name: 'broken.png', type: 'image/png', content: fake }));
    expectError(res, 415);
    expect(res.json()).toMatchObject({ code: 'file_type' });
  });
});

describe('default limits', () => {
  let d: TestApp;
  beforeAll(async () => {
    d = await buildTestApp();
  });
  afterAll(() => d?.close());

  // JSON bodies stop at 1 MB; uploads must not: they have their own limit (10 MB, 2 MB for an avatar).
  it('accepts an upload larger than the JSON body limit and refuses one over the avatar limit', async () => {
    const put = async (size: number) => {
      const body = multipart({ name: 'large.png', content: Buffer.concat([png(), Buffer.alloc(size)]) });
      return d.app.inject({
        method: 'PUT',
        url: '/api/v1/user/me/avatar',
        payload: body.payload,
        headers: { ...(await d.auth('manager')), ...body.headers },
      });
    };
    const ok = await put(1.5 * 1024 * 1024);
    expect(ok.statusCode, ok.body).toBe(200);
    // What is stored is the re-encoded image, not the 1.5 MB of trailing bytes.
    expect(ok.json().size).toBeLessThan(64 * 1024);
    const tooBig = await put(2.5 * 1024 * 1024);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
  });
});

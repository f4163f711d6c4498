import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/auth/permissions.js';
import { files } from '../../src/server/modules/files/files.table.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';
import { docx, multipart, pdf, png } from '../fixtures/documents.js';

// Candidates' own rules and routes (the contract suite covers the generic ones): duplicates by
// e-mail or phone named on their field, hashtags and their counts, and the two CV files.

// FILE_MAX_BYTES is small here so that the size limit is cheap to cross.
const LIMIT = 16 * 1024;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ FILE_MAX_BYTES: String(LIMIT) });
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = async (role: Role, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: await t.auth(role), ...(payload ? { payload } : {}) });

let seq = 0;
/** A candidate with contacts no other row has. */
async function candidate(over: Record<string, unknown> = {}) {
  const n = `${Date.now()}${++seq}`;
  const res = await call('hr', 'POST', '/api/v1/candidates', {
    fullName: `Trần Thị Test ${n}`,
    email: `candidate.${n}@example.com`,
    phone: `+84 ${n.slice(-9)}`,
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; fullName: string; email: string; phone: string; hashtags: string[] };
}

describe('demo data', () => {
  it('is a living pool: hundreds of candidates with stacks and tags, a few with a real PDF CV', async () => {
    const res = await call('hr', 'GET', '/api/v1/candidates?_start=0&_end=100&sort=fullName');
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(300);
    const rows = res.json() as Array<{ id: string; techStackIds: string[]; cv: { name: string } | null }>;
    expect(rows.every((r) => r.techStackIds.length >= 2)).toBe(true);
    expect((await call('hr', 'GET', '/api/v1/candidates/hashtags/all')).json().length).toBeGreaterThan(10);
    const vietnamese = await call('hr', 'GET', '/api/v1/candidates?_start=0&_end=1&q=nguyen');
    expect(Number(vietnamese.headers['x-total-count'])).toBeGreaterThan(0);
    // The seeded CVs sit anywhere in the pool's order (one insert gives every row the same createdAt): read it all.
    const total = Number(res.headers['x-total-count']);
    const pages = await Promise.all(
      Array.from({ length: Math.ceil(total / 100) }, (_, p) =>
        call('hr', 'GET', `/api/v1/candidates?_start=${p * 100}&_end=${p * 100 + 100}&sort=fullName`),
      ),
    );
    const seededCvs = pages.flatMap((page) => page.json() as typeof rows).filter((r) => /^CV .+\.pdf$/.test(r.cv?.name ?? ''));
    expect(seededCvs.length).toBeGreaterThanOrEqual(5);
    const withCv = seededCvs[0];
    const down = await call('sale', 'GET', `/api/v1/candidates/${withCv!.id}/cv`);
    expect(down.headers['content-type']).toBe('application/pdf');
    expect(down.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('search', () => {
  it('finds candidates by a tech stack or a hashtag as well as by name; pickers search names only', async () => {
    const stack = await call('admin', 'POST', '/api/v1/tech-stacks', { name: `Zyxlang ${Date.now()}`, category: 'language' });
    expect(stack.statusCode, stack.body).toBe(201);
    const byStack = await candidate({ techStackIds: [stack.json().id] });
    const byTag = await candidate({ hashtags: ['quokkaops'] });
    const ids = async (q: string) =>
      ((await call('hr', 'GET', `/api/v1/candidates?_start=0&_end=50&q=${encodeURIComponent(q)}`)).json() as Array<{ id: string }>).map(
        (r) => r.id,
      );
    expect(await ids('zyxlang')).toEqual([byStack.id]);
    expect(await ids('#Quokka')).toEqual([byTag.id]);
    expect(await ids(byTag.fullName)).toEqual([byTag.id]);
    expect(await ids(byTag.email.toUpperCase())).toEqual([byTag.id]);
    const picked = (await call('hr', 'GET', '/api/v1/candidates/lookup?q=zyxlang')).json() as unknown[];
    expect(picked).toEqual([]);
  });
});

describe('duplicates', () => {
  it('an e-mail of another live candidate, in any case, is a 409 naming them on the field', async () => {
    const first = await candidate({ email: `Nguyen.Van.An.${Date.now()}@Example.com` });
    const res = await call('hr', 'POST', '/api/v1/candidates', { fullName: 'Nguyễn Văn An', email: first.email.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      statusCode: 409,
      code: 'duplicate_candidate',
      issues: { email: { code: 'duplicate_candidate', params: { id: first.id, name: first.fullName } } },
    });
    expect(res.json().issues.phone).toBeUndefined();
  });

  it('a phone with the same digits, however formatted, is a 409 naming them on the field', async () => {
    const digits = String(Date.now()).slice(-9);
    const first = await candidate({ phone: `+84 ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}` });
    const res = await call('hr', 'POST', '/api/v1/candidates', {
      fullName: 'Phạm Minh Đức',
      phone: `(+84) ${digits.slice(0, 3)}-${digits.slice(3)}`,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().issues).toEqual({ phone: { code: 'duplicate_candidate', params: { id: first.id, name: first.fullName } } });
  });

  it('editing into another candidate is refused; saving one with its own contacts is not', async () => {
    const first = await candidate();
    const second = await candidate();
    const res = await call('hr', 'PATCH', `/api/v1/candidates/${second.id}`, { email: first.email, phone: first.phone.replace(/ /g, '') });
    expect(res.statusCode).toBe(409);
    expect(Object.keys(res.json().issues).sort()).toEqual(['email', 'phone']);
    expect(res.json().issues.email.params.id).toBe(first.id);
    const same = await call('hr', 'PATCH', `/api/v1/candidates/${first.id}`, {
      email: first.email,
      phone: first.phone,
      location: 'Hà Nội',
    });
    expect(same.statusCode, same.body).toBe(200);
  });

  it('an archived candidate is no duplicate, and a few digits identify nobody', async () => {
    const first = await candidate({ phone: 'ext. 12' });
    expect((await call('admin', 'DELETE', `/api/v1/candidates/${first.id}`)).statusCode).toBe(200);
    await candidate({ email: first.email, phone: first.phone });
    await candidate({ phone: 'ext. 12' });
  });
});

describe('hashtags', () => {
  it('are normalised, filter by any of them, and are counted over live candidates, most used first', async () => {
    const tag = (s: string) => `${s}-${Date.now()}`;
    const [a, b, gone] = [tag('alpha'), tag('beta'), tag('gone')];
    const one = await candidate({ hashtags: [` ${a.toUpperCase()} `, b, a] });
    expect(one.hashtags).toEqual([a, b]);
    const two = await candidate({ hashtags: [a] });
    const three = await candidate({ hashtags: [a, gone] });
    await call('admin', 'DELETE', `/api/v1/candidates/${three.id}`);

    const list = await call('sale', 'GET', `/api/v1/candidates?_start=0&_end=100&hashtags=${a.toUpperCase()}&hashtags=${b}`);
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json() as Array<{ id: string }>).map((r) => r.id).sort()).toEqual([one.id, two.id].sort());
    const notB = await call('sale', 'GET', `/api/v1/candidates?_start=0&_end=100&hashtags=${a}&hashtags_ne=${b}`);
    expect((notB.json() as Array<{ id: string }>).map((r) => r.id)).toEqual([two.id]);

    const all = await call('sale', 'GET', '/api/v1/candidates/hashtags/all');
    expect(all.statusCode, all.body).toBe(200);
    const counts = all.json() as Array<{ tag: string; count: number }>;
    expect(counts.find((c) => c.tag === a)).toEqual({ tag: a, count: 2 });
    expect(counts.find((c) => c.tag === b)).toEqual({ tag: b, count: 1 });
    expect(counts.find((c) => c.tag === gone)).toBeUndefined();
    for (let i = 1; i < counts.length; i++) expect(counts[i - 1]!.count).toBeGreaterThanOrEqual(counts[i]!.count);

    const some = await call('hr', 'GET', `/api/v1/candidates/hashtags/all?q=${encodeURIComponent(b.toUpperCase())}`);
    expect(some.json()).toEqual([{ tag: b, count: 1 }]);
  });

  it('refuses tags that are too long, too many or not words, on the field', async () => {
    for (const hashtags of [['x'.repeat(41)], Array.from({ length: 31 }, (_, i) => `t${i}`), ['<script>']]) {
      const res = await call('hr', 'POST', '/api/v1/candidates', { fullName: 'Bad Tags', hashtags });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().issues)[0]).toMatch(/^hashtags/);
    }
    expect((await call('hr', 'GET', '/api/v1/candidates?hashtags=%E2%9C%93')).statusCode).toBe(400);
  });

  it('are read by the section, not by developers', async () => {
    expect((await call('manager', 'GET', '/api/v1/candidates/hashtags/all')).statusCode).toBe(200);
    expect((await call('developer', 'GET', '/api/v1/candidates/hashtags/all')).statusCode).toBe(403);
    expect((await call('hr', 'GET', '/api/v1/candidates/hashtags/all?limit=0')).statusCode).toBe(400);
    expect((await call('hr', 'GET', '/api/v1/candidates/hashtags/all?sort=tag')).statusCode).toBe(400);
  });
});

describe('CV files', () => {
  const upload = async (role: Role, id: string, slot: 'cv' | 'cv-converted', file: Parameters<typeof multipart>[0]) => {
    const body = multipart(file);
    return t.app.inject({
      method: 'PUT',
      url: `/api/v1/candidates/${id}/${slot}`,
      payload: body.payload,
      headers: { ...(await t.auth(role)), ...body.headers },
    });
  };
  const storedFiles = async () => (await t.services.db.select({ n: count() }).from(files))[0]!.n;

  it('round-trips a PDF byte for byte with its name and type, replaces it, and deletes it', async () => {
    const c = await candidate();
    const content = await pdf('Curriculum vitae — Lê Thị Hồng');
    expect(content.length).toBeLessThan(LIMIT);
    const up = await upload('hr', c.id, 'cv', { name: 'CV Lê Thị Hồng.pdf', type: 'application/pdf', content });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({ name: 'CV Lê Thị Hồng.pdf', mime: 'application/pdf', size: content.length });

    const shown = (await call('sale', 'GET', `/api/v1/candidates/${c.id}`)).json();
    expect(shown.cv).toMatchObject({ fileId: up.json().fileId, name: 'CV Lê Thị Hồng.pdf', size: content.length });
    expect(shown.cvConverted).toBeNull();

    const down = await call('manager', 'GET', `/api/v1/candidates/${c.id}/cv`);
    expect(down.statusCode).toBe(200);
    expect(down.headers['content-type']).toBe('application/pdf');
    expect(down.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('CV Lê Thị Hồng.pdf')}`);
    expect(down.rawPayload.equals(content)).toBe(true);
    expect((await call('sale', 'GET', `/api/v1/candidates/${c.id}/cv-converted`)).statusCode).toBe(404);

    // A new upload replaces the file and leaves no orphan behind.
    const before = await storedFiles();
    const word = docx('Lê Thị Hồng');
    const again = await upload('admin', c.id, 'cv', { name: 'cv.docx', content: word });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().mime).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(await storedFiles()).toBe(before);
    expect((await call('hr', 'GET', `/api/v1/candidates/${c.id}/cv`)).rawPayload.equals(word)).toBe(true);

    const del = await call('hr', 'DELETE', `/api/v1/candidates/${c.id}/cv`);
    expect(del.statusCode).toBe(204);
    // History tells who put which file and who took it away.
    const history = (await call('manager', 'GET', `/api/v1/audit?entity=candidates&entityId=${c.id}`)).json().data as Array<{
      actor: { fullName: string } | null;
      changes: Array<{ field: string; from: { name: string } | null; to: { name: string } | null }>;
    }>;
    const cvChanges = history.flatMap((e) => e.changes.filter((x) => x.field === 'cv'));
    expect(cvChanges.map((x) => [x.from?.name ?? null, x.to?.name ?? null])).toEqual([
      ['cv.docx', null],
      ['CV Lê Thị Hồng.pdf', 'cv.docx'],
      [null, 'CV Lê Thị Hồng.pdf'],
    ]);
    expect(await storedFiles()).toBe(before - 1);
    expect((await call('hr', 'GET', `/api/v1/candidates/${c.id}`)).json().cv).toBeNull();
    expect((await call('hr', 'GET', `/api/v1/candidates/${c.id}/cv`)).statusCode).toBe(404);
    expect((await call('hr', 'DELETE', `/api/v1/candidates/${c.id}/cv`)).statusCode).toBe(404);
  });

  it('keeps the converted CV apart, and takes a legacy Word (OLE2) document', async () => {
    const c = await candidate();
    // The OLE2 compound file signature and an empty header: what legacy .doc files start with.
    const doc = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
    const up = await upload('hr', c.id, 'cv-converted', { name: 'converted.doc', content: doc });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().mime).toBe('application/msword');
    const shown = (await call('hr', 'GET', `/api/v1/candidates/${c.id}`)).json();
    expect(shown.cv).toBeNull();
    expect(shown.cvConverted.name).toBe('converted.doc');
    expect((await call('hr', 'GET', `/api/v1/candidates/${c.id}/cv-converted`)).rawPayload.equals(doc)).toBe(true);
  });

  it('refuses an executable named like a PDF, and a picture, with 415 on the file field', async () => {
    const c = await candidate();
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(58), Buffer.from([0x80, 0, 0, 0]), Buffer.alloc(64), Buffer.from('PE\0\0')]);
    for (const file of [
      { name: 'cv.pdf', type: 'application/pdf', content: exe },
      { name: 'cv.pdf', type: 'application/pdf', content: Buffer.from('%PDX not really a pdf') },
      { name: 'photo.png', type: 'image/png', content: png(8) },
    ]) {
      const res = await upload('hr', c.id, 'cv', file);
      expect(res.statusCode, file.name).toBe(415);
      expect(res.json()).toMatchObject({ code: 'file_type', issues: { file: { code: 'file_type' } } });
    }
    expect((await call('hr', 'GET', `/api/v1/candidates/${c.id}`)).json().cv).toBeNull();
  });

  it('refuses a file over the size limit with 413', async () => {
    const c = await candidate();
    const big = Buffer.concat([await pdf('big'), Buffer.alloc(LIMIT)]);
    const res = await upload('hr', c.id, 'cv', { name: 'big.pdf', content: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('file_too_large');
  });

  it('are uploaded and deleted by recruiters and leads, downloaded by the section', async () => {
    const c = await candidate();
    const content = await pdf('cv');
    for (const role of ['sale', 'manager', 'developer'] as const)
      expect((await upload(role, c.id, 'cv', { name: 'cv.pdf', content })).statusCode, role).toBe(403);
    expect((await upload('hr_lead', c.id, 'cv', { name: 'cv.pdf', content })).statusCode).toBe(200);
    expect((await call('developer', 'GET', `/api/v1/candidates/${c.id}/cv`)).statusCode).toBe(403);
    for (const role of ['sale', 'manager', 'sale_lead'] as const)
      expect((await call(role, 'GET', `/api/v1/candidates/${c.id}/cv`)).statusCode, role).toBe(200);
    for (const role of ['sale', 'manager', 'developer'] as const)
      expect((await call(role, 'DELETE', `/api/v1/candidates/${c.id}/cv`)).statusCode, role).toBe(403);
    expect((await call('sale_lead', 'DELETE', `/api/v1/candidates/${c.id}/cv`)).statusCode).toBe(204);
  });

  it('answers 404 for a missing or archived candidate, 400 for a bad id, and asks for multipart', async () => {
    const content = await pdf('cv');
    const c = await candidate();
    await call('admin', 'DELETE', `/api/v1/candidates/${c.id}`);
    expect((await upload('hr', c.id, 'cv', { name: 'cv.pdf', content })).statusCode).toBe(404);
    expect((await call('hr', 'GET', `/api/v1/candidates/${c.id}/cv`)).statusCode).toBe(404);
    expect((await upload('hr', '00000000-0000-4000-8000-000000000000', 'cv', { name: 'cv.pdf', content })).statusCode).toBe(404);
    expect((await call('hr', 'GET', '/api/v1/candidates/not-an-id/cv')).statusCode).toBe(400);
    const live = await candidate();
    const json = await call('hr', 'PUT', `/api/v1/candidates/${live.id}/cv`, { file: 'x' });
    expect(json.statusCode).toBe(415);
    expect(json.json().code).toBe('multipart_expected');
    const none = await upload('hr', live.id, 'cv', undefined);
    expect(none.statusCode).toBe(400);
  });
});

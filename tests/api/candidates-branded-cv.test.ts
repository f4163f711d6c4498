import { OPS, getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/auth/permissions.js';
import { brandedCvPdf } from '../../src/server/modules/candidates/candidates.branded-cv.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';
import { pdfText } from '../fixtures/pdf-text.js';

// The branded CV: a PDF of the profile under the firm's name and logo, read back as a customer's
// PDF reader reads it — the name and skills with their Vietnamese letters, no contact details.

const FIRM = 'Công ty Nhân lực Ánh Dương';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ FIRM_NAME: FIRM });
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = async (role: Role, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: await t.auth(role), ...(payload ? { payload } : {}) });

let seq = 0;
async function stack(name: string, category: string) {
  const res = await call('hr', 'POST', '/api/v1/tech-stacks', { name: `${name} ${Date.now()}${++seq}`, category });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; name: string };
}

async function vietnameseCandidate() {
  const n = `${Date.now()}${++seq}`;
  const skills = [
    await stack('Phân tích dữ liệu', 'data'),
    await stack('Kiểm thử tự động', 'testing'),
    await stack('TypeScript', 'language'),
  ];
  const res = await call('hr', 'POST', '/api/v1/candidates', {
    fullName: 'Đặng Thị Ánh Tuyết',
    email: `anh.tuyet.${n}@example.com`,
    phone: `+84 912 ${n.slice(-3)} ${n.slice(-6, -3)}`,
    location: 'Thành phố Hồ Chí Minh',
    yearsOfExperience: 7,
    level: 'senior',
    noticePeriodDays: 30,
    techStackIds: skills.map((s) => s.id),
    hashtags: ['remote', 'japanese-n2'],
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ...(res.json() as { id: string; fullName: string; email: string; phone: string }), skills };
}

/** How many images a PDF's first page draws. */
async function imagesOnFirstPage(content: Uint8Array) {
  const doc = await getDocument({ data: new Uint8Array(content), isEvalSupported: false }).promise;
  const ops = await (await doc.getPage(1)).getOperatorList();
  await doc.destroy();
  return ops.fnArray.filter((op) => op === OPS.paintImageXObject).length;
}

describe('branded CV', () => {
  it('is a PDF of the profile under the firm name and logo, with its Vietnamese letters and without contacts', async () => {
    const c = await vietnameseCandidate();
    const res = await call('hr', 'GET', `/api/v1/candidates/${c.id}/cv-branded`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(`Đặng Thị Ánh Tuyết — ${FIRM}.pdf`)}`);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(FIRM);
    expect(text).toContain('Đặng Thị Ánh Tuyết');
    for (const skill of c.skills) expect(text).toContain(skill.name);
    expect(text).toContain('Senior');
    expect(text).toContain('7 years of experience');
    expect(text).toContain('Thành phố Hồ Chí Minh');
    expect(text).toContain('#japanese-n2');
    // Skills are grouped under their categories' headings, languages first.
    expect(text.indexOf('Languages:')).toBeLessThan(text.indexOf('Testing:'));
    // No way to reach the candidate but through the firm.
    expect(text).not.toContain(c.email);
    expect(text).not.toContain('@');
    expect(text.replace(/\D/g, '')).not.toContain(c.phone.replace(/\D/g, ''));
    expect(await imagesOnFirstPage(res.rawPayload)).toBe(1);
    // Every letter has its glyph: nothing drawn as a box.
    expect(res.headers['x-missing-glyphs']).toBe('0');
  });

  it('draws Chinese and Arabic names with the fallback fonts, read back as written, and says how many characters it could not draw', async () => {
    const n = `${Date.now()}${++seq}`;
    const created = await call('hr', 'POST', '/api/v1/candidates', { fullName: '王小明 محمد', phone: `+86 ${n.slice(-9)}` });
    expect(created.statusCode, created.body).toBe(201);
    const res = await call('hr', 'GET', `/api/v1/candidates/${created.json().id}/cv-branded`);
    expect(res.statusCode).toBe(200);
    // Every letter has its glyph (Noto Sans SC and Arabic stand in for Barlow).
    expect(res.headers['x-missing-glyphs']).toBe('0');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Intern');
    expect(text).toContain('王小明');
    expect(text).toContain('محمد');
    // A character no font has is still counted (a private-use one).
    const odd = await call('hr', 'POST', '/api/v1/candidates', { fullName: 'Nguyễn \ue000 An', phone: `+84 ${n.slice(-9)}` });
    expect(odd.statusCode, odd.body).toBe(201);
    const oddPdf = await call('hr', 'GET', `/api/v1/candidates/${odd.json().id}/cv-branded`);
    expect(oddPdf.headers['x-missing-glyphs']).toBe('1');
  });

  it('speaks Vietnamese or French when asked', async () => {
    const c = await vietnameseCandidate();
    const res = await call('sale', 'GET', `/api/v1/candidates/${c.id}/cv-branded?lang=vi`);
    expect(res.statusCode, res.body).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('CÔNG NGHỆ');
    expect(text).toContain('Cao cấp · 7 năm kinh nghiệm');
    expect(text).toContain('Dữ liệu: Phân tích dữ liệu');
    expect(text).not.toContain(c.email);
    const fr = await pdfText((await call('manager', 'GET', `/api/v1/candidates/${c.id}/cv-branded?lang=fr`)).rawPayload);
    expect(fr).toContain('Sénior · 7 ans d’expérience');
    expect(fr).toMatch(/Données\s: Phân tích dữ liệu/);
  });

  it('is for whoever reads candidates: 403 without the section, 404 for an unknown or archived one, 400 for bad input', async () => {
    const c = await vietnameseCandidate();
    for (const role of ['manager', 'sale_lead', 'admin'] as const)
      expect((await call(role, 'GET', `/api/v1/candidates/${c.id}/cv-branded`)).statusCode, role).toBe(200);
    const denied = await call('developer', 'GET', `/api/v1/candidates/${c.id}/cv-branded`);
    expect(denied.statusCode).toBe(403);
    expect(denied.headers['content-type']).toContain('application/json');

    const unknown = await call('hr', 'GET', '/api/v1/candidates/00000000-0000-4000-8000-000000000000/cv-branded');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('not_found');
    expect((await call('hr_lead', 'DELETE', `/api/v1/candidates/${c.id}`)).statusCode).toBe(200);
    expect((await call('hr', 'GET', `/api/v1/candidates/${c.id}/cv-branded`)).statusCode).toBe(404);

    expect((await call('hr', 'GET', '/api/v1/candidates/not-a-uuid/cv-branded')).statusCode).toBe(400);
    expect((await call('hr', 'GET', `/api/v1/candidates/${c.id}/cv-branded?lang=ar`)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/candidates/${c.id}/cv-branded` })).statusCode).toBe(401);
  });

  it('goes without a logo, wraps long lists, and leaves out what the profile does not say', async () => {
    const row = {
      fullName: 'Lê Văn Long',
      level: 'lead',
      yearsOfExperience: null,
      location: null,
      noticePeriodDays: null,
      hashtags: Array.from({ length: 30 }, (_, i) => `kỹ-năng-${i}`),
    };
    const stacks = Array.from({ length: 50 }, (_, i) => ({ name: `Công nghệ số ${i}`, category: ['language', 'cloud', 'other'][i % 3]! }));
    const { content, missing } = await brandedCvPdf(row as never, stacks, { firmName: FIRM, logo: null, lang: 'en' });
    expect(missing).toEqual([]);
    expect(await imagesOnFirstPage(content)).toBe(0);
    const text = (await pdfText(content)).replace(/\s+/g, ' ');
    for (const s of stacks) expect(text).toContain(s.name);
    expect(text).toContain('#kỹ-năng-29');
    expect(text).toContain('Lead software engineer, working mainly with Công nghệ số 0,');
    expect(text).not.toContain('years');
    expect(text).not.toMatch(/null|undefined|NaN/);
    expect(text).toContain(`Presented by ${FIRM}`);
  });
});

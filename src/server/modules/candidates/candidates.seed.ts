import { existsSync, readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { CANDIDATE_SOURCE_VALUES, type CandidateFile, type Candidate } from '../../../domain/modules/candidates/candidates.schema.js';
import type { Db } from '../../db/client.js';
import { storeFile } from '../files/files.service.js';
import type { SeedContext } from '../module.js';
import { techStacks } from '../tech-stacks/tech-stacks.table.js';
import { candidates } from './candidates.table.js';

const COUNT = 300;
/** Enough CVs to try the page with, few enough that every seeded test database stays quick to make. */
const WITH_CV = 8;

const VI_FAMILY = ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng', 'Huỳnh', 'Phan', 'Vũ', 'Võ', 'Đặng', 'Bùi', 'Đỗ', 'Hồ', 'Ngô', 'Dương', 'Lý'];
const VI_MIDDLE = ['Văn', 'Thị', 'Minh', 'Đức', 'Ngọc', 'Thanh', 'Quốc', 'Hữu', 'Thu', 'Gia', 'Bảo', 'Hoài'];
const VI_GIVEN = [
  'An',
  'Bình',
  'Châu',
  'Dũng',
  'Giang',
  'Hà',
  'Hải',
  'Hạnh',
  'Hiếu',
  'Hòa',
  'Hùng',
  'Hương',
  'Khánh',
  'Linh',
  'Long',
  'Mai',
  'Nam',
  'Nhung',
  'Phúc',
  'Quân',
  'Quyên',
  'Sơn',
  'Tâm',
  'Thảo',
  'Thắng',
  'Trang',
  'Trí',
  'Tú',
  'Tuấn',
  'Uyên',
  'Việt',
  'Yến',
];
/** Given and family names by region, so that a name reads as one person's. */
const INTERNATIONAL: Array<[given: string[], family: string[]]> = [
  [
    ['Amélie', 'Benoît', 'Chloé', 'Élodie', 'François', 'Hélène', 'Jérôme', 'Noémie'],
    ['Fontaine', 'Lefèvre', 'Girard', 'Moreau', 'Rousseau', 'Gauthier'],
  ],
  [
    ['Jürgen', 'Zoë', 'Björn', 'Søren', 'Åsa', 'Lukas'],
    ['Schröder', 'Weiß', 'Åström', 'Kjær', 'Müller', 'Bäcker'],
  ],
  [
    ['José', 'Inés', 'João', 'Lucía', 'Martín', 'Begoña'],
    ['Martínez', 'Muñoz', 'Gonçalves', 'Fernández', 'Peña'],
  ],
  [
    ['Łukasz', 'Tomáš', 'Zuzana', 'Agnieszka'],
    ['Wiśniewski', 'Dvořák', 'Novák', 'Kowalczyk'],
  ],
  [
    ['Mehmet', 'Aylin', 'Emre', 'Şule'],
    ['Yılmaz', 'Çelik', 'Öztürk', 'Şahin'],
  ],
  [
    ['Youssef', 'Nour', 'Layla', 'Omar', 'Karim', 'Rania'],
    ['Benali', 'El-Amin', 'Haddad', 'Farouk', 'Al-Mansouri'],
  ],
  [
    ['Priya', 'Arjun', 'Ananya', 'Rohan'],
    ['Natarajan', 'Mehta', 'Iyer', 'Reddy'],
  ],
  [
    ['Lei', 'Jing', 'Yang', 'Wei'],
    ['Wang', 'Chen', 'Liu', 'Zhao'],
  ],
  [
    ['Min-jun', 'Ji-woo', 'Seo-yeon'],
    ['Kim', 'Park', 'Choi'],
  ],
  [
    ['Haruto', 'Yui', 'Sōta', 'Aoi'],
    ['Satō', 'Tanaka', 'Itō', 'Kobayashi'],
  ],
  [
    ['Emily', 'Liam', 'Grace', 'Noah', 'Olivia', 'Jack'],
    ['Johnson', 'O’Connor', 'Thompson', 'Walsh', 'Bennett'],
  ],
];
const VI_CITIES = ['Hà Nội', 'Hồ Chí Minh', 'Đà Nẵng', 'Hải Phòng', 'Cần Thơ', 'Huế', 'Nha Trang', 'Quy Nhơn'];
const WORLD_CITIES = ['Singapore', 'Bangkok', 'Tokyo', 'Seoul', 'Paris', 'Berlin', 'Lisbon', 'Dubai', 'Sydney', 'Remote'];
// Each city's country calling code: a candidate's phone matches where they live (remote ones keep Singapore's).
const CALLING_CODE: Record<string, string> = {
  Singapore: '+65',
  Bangkok: '+66',
  Tokyo: '+81',
  Seoul: '+82',
  Paris: '+33',
  Berlin: '+49',
  Lisbon: '+351',
  Dubai: '+971',
  Sydney: '+61',
  Remote: '+65',
};
const HASHTAGS = [
  'remote',
  'hybrid',
  'onsite',
  'english-fluent',
  'japanese-n2',
  'korean',
  'french',
  'open-to-relocate',
  'immediate',
  'fintech',
  'e-commerce',
  'healthcare',
  'startup',
  'team-lead',
  'freelance',
  'hot',
  'night-shift',
  'top-university',
  'aws-certified',
  'return-candidate',
];
const TITLES = [
  'Backend Engineer',
  'Frontend Engineer',
  'Full-stack Engineer',
  'Mobile Engineer',
  'QA Engineer',
  'DevOps Engineer',
  'Data Engineer',
];

/** A small deterministic generator: the same demo firm on every start. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const some = <T>(list: readonly T[], min: number, max: number): T[] => {
    const n = Math.min(list.length, min + Math.floor(next() * (max - min + 1)));
    const rest = [...list];
    return Array.from({ length: n }, () => rest.splice(Math.floor(next() * rest.length), 1)[0]!);
  };
  return { next, pick, some };
}

const ascii = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, (c) => (c === 'đ' ? 'd' : 'D'))
    .replace(/[łŁ]/g, (c) => (c === 'ł' ? 'l' : 'L'))
    .replace(/[øØ]/g, (c) => (c === 'ø' ? 'o' : 'O'))
    .replace(/ß/g, 'ss')
    .replace(/ı/g, 'i');
const emailOf = (name: string, i: number) =>
  `${ascii(name)
    .toLowerCase()
    .replace(/[^a-z]+/g, '.')
    .replace(/^\.|\.$/g, '')}.${i}@mail.example`;

const LEVEL_BY_YEARS = (years: number): Candidate['level'] =>
  years < 1 ? 'intern' : years < 3 ? 'junior' : years < 6 ? 'middle' : years < 10 ? 'senior' : 'lead';
const MONTHLY_USD: Record<Candidate['level'], number> = { intern: 400, junior: 900, middle: 1800, senior: 3000, lead: 4200 };

// A font with Vietnamese and other Latin diacritics when the system has one; else the built-in
// Helvetica, which only carries Western European letters, with the others' accents dropped.
const UNICODE_FONT = '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf';
let unicodeFont: Buffer | null | undefined;
const fontOf = () => (unicodeFont ??= existsSync(UNICODE_FONT) ? readFileSync(UNICODE_FONT) : null);

/** A one-page CV, the kind recruiters receive. */
export async function cvPdf(c: {
  fullName: string;
  email: string;
  phone: string;
  location: string;
  title: string;
  years: number;
  stacks: string[];
}) {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `CV — ${c.fullName}` } });
  const unicode = fontOf();
  if (unicode) doc.font(unicode);
  const text = (s: string) => (unicode ? s : ascii(s));
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.fontSize(22).text(text(c.fullName));
  doc.fontSize(13).fillColor('#555').text(text(c.title));
  doc
    .moveDown(0.5)
    .fontSize(10)
    .text(text(`${c.email} · ${c.phone} · ${c.location}`));
  doc.moveDown().fillColor('#000').fontSize(14).text('Summary');
  doc
    .fontSize(10)
    .text(
      text(
        `${c.title} with ${c.years} year${c.years === 1 ? '' : 's'} of experience building and running production software ` +
          `for product companies and outsourcing customers in Asia, Europe and the Middle East.`,
      ),
    );
  doc.moveDown().fontSize(14).text('Skills');
  doc.fontSize(10).text(text(c.stacks.join(', ')));
  doc.moveDown().fontSize(14).text('Experience');
  for (let y = 0; y < Math.min(3, Math.max(1, Math.ceil(c.years / 3))); y++) {
    const end = 2026 - y * 3;
    doc
      .fontSize(11)
      .text(`${end - 3} – ${y === 0 ? 'now' : end}`, { continued: true })
      .text(text(`   ${c.title}`));
    doc.fontSize(10).text(text(`Delivered features end to end with ${c.stacks.slice(0, 2).join(' and ')}; reviews, tests, on-call.`));
    doc.moveDown(0.5);
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

/** ~300 candidates of every level, status and source, tagged, with their stacks; a few with a PDF CV. */
export async function seedCandidates(db: Db, ctx: SeedContext) {
  const r = random(20260101);
  const stacks = await db.select({ id: techStacks.id, name: techStacks.name }).from(techStacks);
  const recruiters = ctx.users.filter((u) => u.role === 'hr' || u.role === 'hr_lead');
  const rows = Array.from({ length: COUNT }, (_, i) => {
    const vietnamese = r.next() < 0.7;
    const [given, family] = r.pick(INTERNATIONAL);
    const fullName = vietnamese ? `${r.pick(VI_FAMILY)} ${r.pick(VI_MIDDLE)} ${r.pick(VI_GIVEN)}` : `${r.pick(given)} ${r.pick(family)}`;
    const years = Math.floor(r.next() * r.next() * 16);
    const level = LEVEL_BY_YEARS(years);
    const owner = recruiters.length ? recruiters[i % recruiters.length]! : undefined;
    const status: Candidate['status'] =
      r.next() < 0.05 ? 'blacklisted' : r.next() < 0.12 ? 'archived' : r.next() < 0.15 ? 'placed' : r.next() < 0.5 ? 'active' : 'new';
    const inVnd = vietnamese && r.next() < 0.5;
    const salary = MONTHLY_USD[level] * (0.8 + r.next() * 0.5);
    // Drawn in the order the rows always drew them: the same names and picks on every seed.
    const email = r.next() < 0.95 ? emailOf(fullName, i + 1) : null;
    const location = vietnamese ? r.pick(VI_CITIES) : r.pick(WORLD_CITIES);
    return {
      fullName,
      email,
      // Each phone its own: duplicates are refused by their digits.
      phone: vietnamese
        ? `+84 9${String(i).padStart(2, '0')} ${String(100 + i * 7).slice(-3)} ${String(1000 + i).slice(-3)}`
        : `${CALLING_CODE[location] ?? '+65'} 8${String(1000000 + i * 13)}`,
      location,
      yearsOfExperience: years,
      level,
      status,
      techStackIds: r.some(stacks, 2, 5).map((s) => s.id),
      hashtags: r.some(HASHTAGS, 0, 4),
      expectedSalary: inVnd ? Math.round((salary * 25_000) / 100_000) * 100_000 : Math.round(salary / 50) * 50,
      currency: inVnd ? 'VND' : 'USD',
      noticePeriodDays: r.pick([0, 15, 30, 30, 45, 60]),
      source: r.pick(CANDIDATE_SOURCE_VALUES),
      ownerHrId: owner?.id ?? null,
      createdBy: owner?.id ?? null,
    };
  });
  const inserted = await db.insert(candidates).values(rows).returning({ id: candidates.id });
  const stackName = new Map(stacks.map((s) => [s.id, s.name]));
  for (let i = 0; i < Math.min(WITH_CV, rows.length); i++) {
    const row = rows[i]!;
    const content = await cvPdf({
      fullName: row.fullName,
      email: row.email ?? '',
      phone: row.phone,
      location: row.location,
      title: TITLES[i % TITLES.length]!,
      years: row.yearsOfExperience,
      stacks: row.techStackIds.map((id) => stackName.get(id) ?? ''),
    });
    const stored = await storeFile(
      db,
      { name: `CV ${row.fullName}.pdf`, content, ownerId: row.ownerHrId },
      { allowed: ['pdf'], maxBytes: 10 * 1024 * 1024 },
    );
    const cv: CandidateFile = {
      fileId: stored.id,
      name: stored.name,
      mime: stored.mime,
      size: stored.size,
      uploadedAt: new Date().toISOString(),
    };
    await db.update(candidates).set({ cv }).where(eq(candidates.id, inserted[i]!.id));
  }
}

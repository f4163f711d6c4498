import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inArray } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { z } from 'zod';
import type { Candidate } from '../../../domain/modules/candidates/candidates.schema.js';
import type { TECH_STACK_CATEGORIES } from '../../../domain/modules/tech-stacks/tech-stacks.schema.js';
import type { Api } from '../../http/api.js';
import type { Services } from '../../services.js';
import { techStacks } from '../tech-stacks/tech-stacks.table.js';
import type { candidates } from './candidates.table.js';

/**
 * The branded CV: the firm's name and logo over the candidate's profile, the one a customer
 * receives. It carries no contact details and no date of birth, so that customers go through the
 * firm.
 */

type CandidateRow = typeof candidates.$inferSelect;
type Category = (typeof TECH_STACK_CATEGORIES)[number];
// The languages the shipped fonts can write; the others get the English CV.
export const BRANDED_CV_LANGS = ['en', 'vi', 'fr'] as const;
type Lang = (typeof BRANDED_CV_LANGS)[number];

// Barlow, cut by its publisher into Latin, Latin Extended and Vietnamese files: each character is
// drawn with the first file that has it. There is no Chinese, Japanese or Arabic among them.
const FONT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'assets', 'fonts');
const SUBSETS = ['latin', 'latin-ext', 'vietnamese'] as const;
const WEIGHTS = { regular: 400, bold: 700 } as const;
type Weight = keyof typeof WEIGHTS;
let fontFiles: Record<Weight, Buffer[]> | undefined;
const fontsOf = () =>
  (fontFiles ??= {
    regular: SUBSETS.map((s) => readFileSync(join(FONT_DIR, `barlow-${s}-${WEIGHTS.regular}-normal.woff`))),
    bold: SUBSETS.map((s) => readFileSync(join(FONT_DIR, `barlow-${s}-${WEIGHTS.bold}-normal.woff`))),
  });

const LABELS: Record<
  Lang,
  {
    summary: string;
    /** What follows a bullet's label. */
    colon: string;
    profile: string;
    stacks: string;
    highlights: string;
    level: string;
    experience: string;
    location: string;
    availability: string;
    years: (n: number) => string;
    yearsShort: (n: number) => string;
    notice: (days: number) => string;
    summaryText: (c: { level: string; years: number | null; stacks: string[]; location: string | null }) => string;
    levels: Record<Candidate['level'], string>;
    categories: Record<Category, string>;
    footer: (firm: string) => string;
    noStacks: string;
  }
> = {
  en: {
    summary: 'Summary',
    colon: ': ',
    profile: 'Profile',
    stacks: 'Tech stacks',
    highlights: 'Highlights',
    level: 'Level',
    experience: 'Experience',
    location: 'Location',
    availability: 'Availability',
    years: (n) => `${n} year${n === 1 ? '' : 's'} of experience`,
    yearsShort: (n) => `${n} year${n === 1 ? '' : 's'}`,
    notice: (d) => (d === 0 ? 'immediately' : `${d} days' notice`),
    summaryText: ({ level, years, stacks, location }) =>
      `${level} software engineer` +
      (years !== null ? ` with ${years} year${years === 1 ? '' : 's'} of professional experience` : '') +
      (stacks.length ? `, working mainly with ${listOf(stacks, 'and')}` : '') +
      '.' +
      (location ? ` Based in ${location}.` : ''),
    levels: { intern: 'Intern', junior: 'Junior', middle: 'Middle', senior: 'Senior', lead: 'Lead' },
    categories: {
      language: 'Languages',
      framework: 'Frameworks',
      database: 'Databases',
      cloud: 'Cloud',
      devops: 'DevOps',
      mobile: 'Mobile',
      testing: 'Testing',
      data: 'Data',
      design: 'Design',
      other: 'Other',
    },
    footer: (firm) => `Presented by ${firm}. Please contact ${firm} about this candidate.`,
    noStacks: 'No tech stacks recorded yet.',
  },
  vi: {
    summary: 'Tóm tắt',
    colon: ': ',
    profile: 'Hồ sơ',
    stacks: 'Công nghệ',
    highlights: 'Điểm nổi bật',
    level: 'Cấp độ',
    experience: 'Kinh nghiệm',
    location: 'Nơi ở',
    availability: 'Có thể bắt đầu',
    years: (n) => `${n} năm kinh nghiệm`,
    yearsShort: (n) => `${n} năm`,
    notice: (d) => (d === 0 ? 'ngay lập tức' : `sau ${d} ngày báo trước`),
    summaryText: ({ level, years, stacks, location }) =>
      `Kỹ sư phần mềm cấp độ ${level.toLowerCase()}` +
      (years !== null ? ` với ${years} năm kinh nghiệm thực tế` : '') +
      (stacks.length ? `, làm việc chủ yếu với ${listOf(stacks, 'và')}` : '') +
      '.' +
      (location ? ` Hiện sống tại ${location}.` : ''),
    levels: { intern: 'Thực tập', junior: 'Mới vào nghề', middle: 'Trung cấp', senior: 'Cao cấp', lead: 'Trưởng nhóm' },
    categories: {
      language: 'Ngôn ngữ',
      framework: 'Framework',
      database: 'Cơ sở dữ liệu',
      cloud: 'Điện toán đám mây',
      devops: 'DevOps',
      mobile: 'Di động',
      testing: 'Kiểm thử',
      data: 'Dữ liệu',
      design: 'Thiết kế',
      other: 'Khác',
    },
    footer: (firm) => `Hồ sơ do ${firm} giới thiệu. Vui lòng liên hệ ${firm} về ứng viên này.`,
    noStacks: 'Chưa ghi nhận công nghệ nào.',
  },
  fr: {
    summary: 'Résumé',
    colon: '\u00a0: ',
    profile: 'Profil',
    stacks: 'Compétences techniques',
    highlights: 'Points forts',
    level: 'Niveau',
    experience: 'Expérience',
    location: 'Lieu',
    availability: 'Disponibilité',
    years: (n) => `${n} an${n > 1 ? 's' : ''} d’expérience`,
    yearsShort: (n) => `${n} an${n > 1 ? 's' : ''}`,
    notice: (d) => (d === 0 ? 'immédiate' : `préavis de ${d} jours`),
    summaryText: ({ level, years, stacks, location }) =>
      `Ingénieur logiciel de niveau ${level.toLowerCase()}` +
      (years !== null ? `, ${years} an${years > 1 ? 's' : ''} d’expérience professionnelle` : '') +
      (stacks.length ? `, travaillant surtout avec ${listOf(stacks, 'et')}` : '') +
      '.' +
      (location ? ` Basé à ${location}.` : ''),
    levels: { intern: 'Stagiaire', junior: 'Junior', middle: 'Confirmé', senior: 'Sénior', lead: 'Responsable technique' },
    categories: {
      language: 'Langages',
      framework: 'Frameworks',
      database: 'Bases de données',
      cloud: 'Cloud',
      devops: 'DevOps',
      mobile: 'Mobile',
      testing: 'Tests',
      data: 'Données',
      design: 'Design',
      other: 'Autres',
    },
    footer: (firm) => `Présenté par ${firm}. Merci de contacter ${firm} au sujet de ce candidat.`,
    noStacks: 'Aucune compétence technique enregistrée.',
  },
};

function listOf(items: string[], and: string): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} ${and} ${items.at(-1)}`;
}

/** The order in which a CV reads a profile's stacks: languages first, the rest after. */
const CATEGORY_ORDER: Category[] = ['language', 'framework', 'database', 'cloud', 'devops', 'mobile', 'data', 'testing', 'design', 'other'];

const BRAND = '#1f4e79';
const INK = '#1b1b1b';
const MUTED = '#5f6368';
const MARGIN = 50;

/** The logo as pdfkit embeds it: PNG and JPEG as they are, SVG drawn to a PNG first. */
async function logoOf(path: string): Promise<Buffer> {
  const content = await readFile(path);
  return extname(path).toLowerCase() === '.svg' ? sharp(content, { density: 288 }).png().toBuffer() : content;
}

type Doc = InstanceType<typeof PDFDocument>;

/** Which of a weight's font files has each character (pdfkit keeps the fontkit font it loaded). */
function coverage(doc: Doc, weight: Weight): Array<(codePoint: number) => boolean> {
  return SUBSETS.map((_, i) => {
    doc.font(`${weight}-${i}`);
    const font = (doc as unknown as { _font: { font: { hasGlyphForCodePoint(cp: number): boolean } } })._font.font;
    return (cp: number) => font.hasGlyphForCodePoint(cp);
  });
}

export async function brandedCvPdf(
  row: CandidateRow,
  stacks: Array<{ name: string; category: string }>,
  opts: { firmName: string; logo: Buffer | null; lang: Lang },
): Promise<{ content: Buffer; missing: string[] }> {
  const L = LABELS[opts.lang];
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN + 24, left: MARGIN, right: MARGIN },
    bufferPages: true,
    lang: opts.lang,
    info: { Title: `${row.fullName} — ${opts.firmName}`, Author: opts.firmName, Creator: opts.firmName },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const files = fontsOf();
  for (const weight of ['regular', 'bold'] as const) files[weight].forEach((data, i) => doc.registerFont(`${weight}-${i}`, data));
  const has = { regular: coverage(doc, 'regular'), bold: coverage(doc, 'bold') };
  const width = doc.page.width - 2 * MARGIN;
  /** The characters the fonts have no letter for (Chinese, Arabic…): the caller is told. */
  const missing = new Set<string>();

  /**
   * Text in runs of one font file each, parts of it bold; a character no file has is drawn by the
   * first one (as a box). The lines are broken here, at spaces only: pdfkit would break between
   * two runs, in the middle of a word such as "Nguyễn".
   */
  const write = (
    text: string | Array<{ text: string; weight: Weight }>,
    o: { weight?: Weight; size: number; color?: string; x?: number; y?: number; width?: number; gap?: number; align?: 'left' | 'right' },
  ) => {
    const parts = typeof text === 'string' ? [{ text, weight: o.weight ?? 'regular' }] : text;
    type Run = { font: string; text: string; width: number };
    const words: Array<{ runs: Run[]; width: number; space: number }> = [{ runs: [], width: 0, space: 0 }];
    doc.fontSize(o.size);
    for (const part of parts) {
      for (const ch of part.text.normalize('NFC').replace(/[ \t\r\n]+/g, ' ')) {
        const word = words.at(-1)!;
        if (ch === ' ') {
          doc.font(`${part.weight}-0`);
          word.space += doc.widthOfString(' ');
          continue;
        }
        if (word.space > 0) words.push({ runs: [], width: 0, space: 0 });
        const current = words.at(-1)!;
        const found = has[part.weight].findIndex((h) => h(ch.codePointAt(0)!));
        if (found < 0) missing.add(ch);
        const face = Math.max(0, found);
        const font = `${part.weight}-${face}`;
        const last = current.runs.at(-1);
        if (last?.font === font) last.text += ch;
        else current.runs.push({ font, text: ch, width: 0 });
      }
    }
    // A run is measured whole, with the kerning pdfkit draws it with.
    for (const word of words) {
      for (const run of word.runs) run.width = doc.font(run.font).widthOfString(run.text);
      word.width = word.runs.reduce((sum, run) => sum + run.width, 0);
    }
    const x0 = o.x ?? doc.x;
    const room = o.width ?? width - (x0 - MARGIN);
    const lines: Array<typeof words> = [[]];
    let used = 0;
    for (const word of words) {
      const line = lines.at(-1)!;
      const before = line.length ? line.at(-1)!.space : 0;
      if (line.length && used + before + word.width > room) {
        lines.push([word]);
        used = word.width;
      } else {
        line.push(word);
        used += before + word.width;
      }
    }
    let y = o.y ?? doc.y;
    doc.fillColor(o.color ?? INK);
    for (const line of lines) {
      const height = doc.currentLineHeight(true);
      if (y + height > doc.page.height - doc.page.margins.bottom) {
        doc.addPage();
        y = doc.page.margins.top;
      }
      const lineWidth = line.reduce((sum, w, i) => sum + w.width + (i < line.length - 1 ? w.space : 0), 0);
      let x = o.align === 'right' ? x0 + room - lineWidth : x0;
      line.forEach((word, i) => {
        for (const run of word.runs) {
          doc.font(run.font).text(run.text, x, y, { lineBreak: false });
          x += run.width;
        }
        if (i < line.length - 1) x += word.space;
      });
      y += height + (o.gap ?? 2);
    }
    doc.x = MARGIN;
    doc.y = y;
  };

  const heading = (title: string) => {
    if (doc.y > doc.page.height - 160) doc.addPage();
    doc.moveDown(1.1);
    write(title.toLocaleUpperCase(opts.lang), { weight: 'bold', size: 12, color: BRAND, x: MARGIN });
    const y = doc.y + 2;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + width, y)
      .lineWidth(0.75)
      .strokeColor(BRAND)
      .stroke();
    doc.y = y + 8;
  };

  const bullet = (label: string | null, text: string) => {
    const y = doc.y;
    doc
      .circle(MARGIN + 5, y + 6.5, 1.8)
      .fillColor(BRAND)
      .fill();
    const parts = [...(label ? [{ text: `${label}${L.colon}`, weight: 'bold' as const }] : []), { text, weight: 'regular' as const }];
    write(parts, { size: 10.5, x: MARGIN + 16, y, width: width - 16 });
    doc.moveDown(0.25);
  };

  // The firm, at the top.
  const top = MARGIN - 10;
  let textX = MARGIN;
  if (opts.logo) {
    try {
      doc.image(opts.logo, MARGIN, top, { fit: [44, 44] });
      textX = MARGIN + 56;
    } catch {
      // A logo pdfkit cannot read leaves the name alone rather than the CV undone.
    }
  }
  write(opts.firmName, { weight: 'bold', size: 17, color: BRAND, x: textX, y: top + 12, width: width - (textX - MARGIN) });
  const ruleY = Math.max(doc.y, top + 44) + 10;
  doc
    .moveTo(MARGIN, ruleY)
    .lineTo(MARGIN + width, ruleY)
    .lineWidth(2)
    .strokeColor(BRAND)
    .stroke();

  // Who.
  const level = L.levels[row.level as Candidate['level']] ?? row.level;
  write(row.fullName, { weight: 'bold', size: 26, x: MARGIN, y: ruleY + 22 });
  const subtitle = [level, row.yearsOfExperience !== null ? L.years(row.yearsOfExperience) : null, row.location].filter(
    (p): p is string => !!p,
  );
  doc.moveDown(0.2);
  write(subtitle.join('  ·  '), { size: 12.5, color: MUTED, x: MARGIN });

  const byCategory = new Map<Category, string[]>();
  for (const s of stacks) {
    const category = (CATEGORY_ORDER.includes(s.category as Category) ? s.category : 'other') as Category;
    byCategory.set(category, [...(byCategory.get(category) ?? []), s.name]);
  }
  const ordered = CATEGORY_ORDER.filter((c) => byCategory.has(c)).map((c) => [c, byCategory.get(c)!.sort()] as const);

  heading(L.summary);
  write(
    L.summaryText({
      level,
      years: row.yearsOfExperience,
      stacks: ordered.flatMap(([, names]) => names).slice(0, 4),
      location: row.location,
    }),
    { size: 11, x: MARGIN, gap: 3 },
  );

  heading(L.profile);
  bullet(L.level, level);
  if (row.yearsOfExperience !== null) bullet(L.experience, L.yearsShort(row.yearsOfExperience));
  if (row.location) bullet(L.location, row.location);
  if (row.noticePeriodDays !== null) bullet(L.availability, L.notice(row.noticePeriodDays));

  heading(L.stacks);
  if (!ordered.length) write(L.noStacks, { size: 10.5, color: MUTED, x: MARGIN });
  for (const [category, names] of ordered) bullet(L.categories[category], names.join(', '));

  if (row.hashtags.length) {
    heading(L.highlights);
    write(row.hashtags.map((t) => `#${t}`).join('   '), { size: 10.5, color: BRAND, x: MARGIN, gap: 4 });
  }

  // The firm again at the foot of every page: the customer answers the firm, not the candidate.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN;
    doc
      .moveTo(MARGIN, y - 8)
      .lineTo(MARGIN + width, y - 8)
      .lineWidth(0.5)
      .strokeColor('#c8d3de')
      .stroke();
    write(L.footer(opts.firmName), { size: 8.5, color: MUTED, x: MARGIN, y, width: width - 70 });
    write(`${i + 1} / ${range.count}`, { size: 8.5, color: MUTED, x: MARGIN + width - 60, y, width: 60, align: 'right' });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  await done;
  return { content: Buffer.concat(chunks), missing: [...missing] };
}

/** `GET {base}/:id/cv-branded`: whoever reads the candidate. */
export function registerBrandedCv(
  app: Api,
  s: Services,
  {
    base,
    tags,
    idParams,
    candidateOf,
  }: { base: string; tags: string[]; idParams: z.ZodType; candidateOf: (req: never) => Promise<CandidateRow> },
) {
  const query = z.strictObject({ lang: z.enum(BRANDED_CV_LANGS).optional() });
  let logo: Promise<Buffer | null> | undefined;
  app.get(
    `${base}/:id/cv-branded`,
    {
      config: { access: { resource: 'candidates', action: 'brandedCv' } },
      schema: {
        tags,
        summary: "The candidate's profile as a PDF under the firm's name and logo, without contact details",
        params: idParams,
        querystring: query,
      },
    },
    async (req, reply) => {
      const row = await candidateOf(req as never);
      const stacks = row.techStackIds.length
        ? await s.db
            .select({ name: techStacks.name, category: techStacks.category })
            .from(techStacks)
            .where(inArray(techStacks.id, row.techStackIds))
        : [];
      logo ??= logoOf(s.config.FIRM_LOGO_PATH).catch((err: unknown) => {
        req.log.warn({ err, path: s.config.FIRM_LOGO_PATH }, 'the firm logo could not be read; branded CVs go without it');
        return null;
      });
      const { content, missing } = await brandedCvPdf(row, stacks, {
        firmName: s.config.FIRM_NAME,
        logo: await logo,
        lang: (req.query as z.infer<typeof query>).lang ?? 'en',
      });
      const name = `${row.fullName} — ${s.config.FIRM_NAME}.pdf`;
      return (
        reply
          .header('content-type', 'application/pdf')
          .header('content-length', String(content.length))
          // How many distinct characters are drawn as empty boxes: the page warns before the CV is sent.
          .header('x-missing-glyphs', String(missing.length))
          .header(
            'content-disposition',
            `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, "'")}"; filename*=UTF-8''${encodeURIComponent(name)}`,
          )
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          .send(content)
      );
    },
  );
}

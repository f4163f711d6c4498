import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Candidate } from '../../../domain/modules/candidates/candidates.schema.js';
import type { TECH_STACK_CATEGORIES } from '../../../domain/modules/tech-stacks/tech-stacks.schema.js';
import type { Api } from '../../http/api.js';
import { BRAND, MARGIN, MUTED, PDF_LANGS, openPdf, sendPdf, type PdfLang } from '../../pdf/branded-pdf.js';
import { firmDetails } from '../firm-settings/firm-settings.service.js';
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
export const BRANDED_CV_LANGS = PDF_LANGS;
type Lang = PdfLang;

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

export async function brandedCvPdf(
  row: CandidateRow,
  stacks: Array<{ name: string; category: string }>,
  opts: { firmName: string; logo: Buffer | null; lang: Lang },
): Promise<{ content: Buffer; missing: string[] }> {
  const L = LABELS[opts.lang];
  const { doc, width, write, letterhead, finish } = openPdf({
    lang: opts.lang,
    title: `${row.fullName} — ${opts.firmName}`,
    author: opts.firmName,
  });

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
  const ruleY = letterhead(opts.firmName, opts.logo);

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
  return finish(L.footer(opts.firmName));
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
      // The firm's name and logo as its admin saved them (the environment's until then).
      const firm = await firmDetails(s, req.log);
      const { content, missing } = await brandedCvPdf(row, stacks, {
        firmName: firm.name,
        logo: firm.logo,
        lang: (req.query as z.infer<typeof query>).lang ?? 'en',
      });
      return sendPdf(reply, content, `${row.fullName} — ${firm.name}.pdf`, missing.length);
    },
  );
}

// Pipeline and leave details end to end: the board's counts load as skeletons and a board wider
// than its place scrolls with a visible cue (English, Arabic); "My requests" is the caller's own,
// admin's too, approvals apart; the candidates' search finds tech stacks and hashtags (English,
// French).
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import { signIn, useEnglish, type DemoRole } from './support/session';
import { apiLogin, presetShell } from './shell-support';

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

async function api<T>(request: APIRequestContext, role: DemoRole, url: string, init?: { method: 'POST'; data: object }) {
  const { token } = await apiLogin(request, role);
  const headers = { authorization: `Bearer ${token}` };
  const res = init ? await request.post(url, { headers, data: init.data }) : await request.get(url, { headers });
  expect(res.ok(), await res.text()).toBeTruthy();
  return { body: (await res.json()) as T, total: Number(res.headers()['x-total-count']) };
}

/** A seeded open job with people in its pipeline. */
async function jobWithPipeline(request: APIRequestContext): Promise<string> {
  const { body: jobs } = await api<Array<{ id: string }>>(request, 'hr_lead', '/api/v1/jobs?_start=0&_end=30&status=open');
  for (const j of jobs) {
    const { body: rows } = await api<unknown[]>(request, 'hr_lead', `/api/v1/jobs/${j.id}/candidates`);
    if (rows.length >= 2) return j.id;
  }
  throw new Error('no seeded open job with a pipeline');
}

for (const lang of ['en', 'ar'] as const) {
  test(`the pipeline's counts load as skeletons, and the board scrolls with a visible cue (${lang})`, async ({ page, request }) => {
    const words = {
      en: { after: 'Scroll for more', before: 'Scroll back', menu: 'Open navigation' },
      ar: { after: 'التمرير لعرض المزيد', before: 'التمرير للخلف', menu: 'فتح التنقل' },
    }[lang];
    const id = await jobWithPipeline(request);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'hr_lead');
    if (lang === 'ar') await presetShell(page, 'ar');
    // The pipeline answers late: meanwhile its counts are skeletons, never zeros.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let hits = 0;
    await page.route(
      (url) => url.pathname === `/api/v1/jobs/${id}/candidates`,
      async (route) => {
        hits++;
        await held;
        await route.continue();
      },
    );
    await page.goto(`/jobs/${id}?tab=pipeline&view=board`);
    const pipeline = page.getByTestId('job-pipeline');
    await expect.poll(() => hits).toBeGreaterThan(0);
    await expect(pipeline.getByTestId('pipeline-count-loading')).toHaveCount(8);
    await expect(pipeline).not.toContainText('· 0');
    release();
    await expect(pipeline.getByTestId('pipeline-count-loading')).toHaveCount(0);
    const board = pipeline.getByTestId('pipeline-board');
    await expect(board.getByRole('group')).toHaveCount(8);

    // At 1440 px the eight columns fit, or the hidden side says so.
    const fits = await board.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
    const after = pipeline.getByRole('button', { name: words.after });
    const before = pipeline.getByRole('button', { name: words.before });
    if (fits) await expect(after).toHaveCount(0);
    else await expect(after).toBeVisible();

    // On a narrow screen they cannot: the cue shows, scrolls on by keyboard, and the other side shows it can come back.
    await page.setViewportSize({ width: 700, height: 900 });
    // As a person sees it: the page first takes its narrow layout (the navigation behind its menu
    // button). A cue pressed before, while the board still widens, scrolls by the old width, and in
    // right-to-left Chromium drops that smooth scroll when the board's width (its scroll origin) changes.
    await expect(page.getByRole('button', { name: words.menu })).toBeVisible();
    await expect(after).toBeVisible();
    await expect(before).toHaveCount(0);
    await after.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => board.evaluate((el) => Math.abs(el.scrollLeft))).toBeGreaterThan(100);
    await expect(before).toBeVisible();
    await before.click();
    await expect.poll(() => board.evaluate((el) => Math.abs(el.scrollLeft))).toBeLessThan(2);
    await expect(before).toHaveCount(0);
  });
}

test("admin's My requests lists admin's own requests only; others' wait on the approvals page", async ({ page, request }) => {
  const { userId } = await apiLogin(request, 'admin');
  const all = await api<unknown[]>(request, 'admin', '/api/leave-requests?_start=0&_end=1');
  const own = await api<unknown[]>(request, 'admin', `/api/leave-requests?_start=0&_end=1&userId=${userId}`);
  expect(all.total, 'admin reads everyone’s requests through the API').toBeGreaterThan(own.total);
  const pending = await api<unknown[]>(request, 'admin', '/api/leave-requests/pending-approvals');

  const listed = page.waitForRequest((r) => /\/api\/leave-requests(\?|$)/.test(r.url()) && r.method() === 'GET');
  await signIn(page, 'admin', `/auth/sign-in?returnTo=${encodeURIComponent('/leave')}`);
  expect(new URL((await listed).url()).searchParams.get('userId')).toBe(userId);
  await expect(page.getByText(new RegExp(`^\\d+–\\d+ of ${own.total}$`))).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Leave requests' });
  if (own.total === 0) await expect(grid).toContainText('Nothing here yet');
  await expect(page.getByRole('link', { name: 'New leave request' })).toHaveAttribute('href', '/leave/new');

  await page.getByTestId('nav').getByRole('link', { name: 'Approvals' }).click();
  await expect(page).toHaveURL(/\/leave\/approvals$/);
  if (pending.body.length) await expect(page.getByRole('table').getByRole('row')).toHaveCount(pending.body.length + 1);
});

for (const lang of ['en', 'fr'] as const) {
  test(`the candidates' search finds a tech stack and a hashtag (${lang})`, async ({ page, request }) => {
    const n = `${Date.now()}`.slice(-7);
    const stack = await api<{ id: string; name: string }>(request, 'hr', '/api/v1/tech-stacks', {
      method: 'POST',
      data: { name: `Quillscript ${lang}${n}`, category: 'language' },
    });
    const made = await api<{ fullName: string }>(request, 'hr', '/api/v1/candidates', {
      method: 'POST',
      data: {
        fullName: `Search Person ${lang}${n}`,
        email: `search.${lang}${n}@example.com`,
        techStackIds: [stack.body.id],
        hashtags: [`mossy${lang}${n}`],
      },
    });
    const placeholder = {
      en: 'Search name, e-mail, phone, location, tech stack or #hashtag…',
      fr: 'Rechercher un nom, un e-mail, un téléphone, un lieu, une techno ou un #hashtag…',
    }[lang];
    await signIn(page, 'hr');
    if (lang === 'fr') await presetShell(page, 'fr');
    await page.goto('/candidates');
    const search = page.getByRole('searchbox', { name: placeholder });
    const grid = page.getByRole('grid');
    for (const q of [`quillscript ${lang}${n}`, `#mossy${lang}${n}`]) {
      await search.fill(q);
      await expect(page).toHaveURL(new RegExp(`[?&]q=`));
      await expect(grid.getByRole('row')).toHaveCount(2);
      await expect(grid.getByRole('row').nth(1)).toContainText(made.body.fullName);
    }
  });
}

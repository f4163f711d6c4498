import { act, cleanup, render, screen } from '@testing-library/react';
import { ThemeProvider, getContrastRatio } from '@mui/material/styles';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../i18n';
import { CONTRAST_TARGETS, createAppTheme } from '../theme/create-theme';
import { PRESETS } from '../theme/palette';
import { DemoBanner, resetDemoMode } from './demo-banner';

const base = { mode: 'light', direction: 'ltr', contrast: 'default', primaryColor: 'default', fontFamily: 'Public Sans Variable' } as const;

beforeAll(async () => {
  window.localStorage.setItem('i18nextLng', 'en');
  await initI18n();
});
// An earlier file of this worker may have rendered a layout that asked the server already.
beforeEach(() => resetDemoMode());
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  resetDemoMode();
  await act(() => changeLanguage('en'));
});

function health(body: unknown, status = 200) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

async function renderBanner(theme = createAppTheme(base)) {
  render(
    <ThemeProvider theme={theme}>
      <DemoBanner />
    </ThemeProvider>,
  );
  // Let the health answer land.
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
}

describe('DemoBanner', () => {
  it('shows when the server says it is a public demo, as a labelled landmark', async () => {
    const fetch = health({ status: 'ok', demo: true });
    await renderBanner();
    const banner = await screen.findByRole('complementary', { name: 'Demo mode' });
    expect(banner.textContent).toContain('Anyone can sign in');
    expect(fetch).toHaveBeenCalledWith('/api/health', expect.anything());
  });

  it('shows nothing otherwise: no demo, an error, no answer', async () => {
    health({ status: 'ok', demo: false });
    await renderBanner();
    expect(screen.queryByTestId('demo-banner')).toBeNull();
    cleanup();
    resetDemoMode();
    health({ statusCode: 503 }, 503);
    await renderBanner();
    expect(screen.queryByTestId('demo-banner')).toBeNull();
    cleanup();
    resetDemoMode();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await renderBanner();
    expect(screen.queryByTestId('demo-banner')).toBeNull();
  });

  it('is translated (Arabic)', async () => {
    health({ status: 'ok', demo: true });
    await act(() => changeLanguage('ar'));
    await renderBanner(createAppTheme({ ...base, direction: 'rtl' }));
    expect(screen.getByTestId('demo-banner').textContent).toContain('وضع العرض التجريبي');
  });

  it('reads at the contrast target in every mode, contrast and preset (its fill and text are the theme’s warning tokens)', () => {
    for (const primaryColor of Object.keys(PRESETS) as Array<keyof typeof PRESETS>)
      for (const mode of ['light', 'dark'] as const)
        for (const contrast of ['default', 'hight'] as const) {
          const { warning } = createAppTheme({ ...base, primaryColor, mode, contrast }).palette;
          expect(getContrastRatio(warning.contrastText, warning.main), `${primaryColor} ${mode} ${contrast}`).toBeGreaterThanOrEqual(
            CONTRAST_TARGETS[contrast].text,
          );
        }
  });
});

import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const toastMock = vi.hoisted(() => ({
  loading: vi.fn(() => 'toast-1'),
  success: vi.fn(),
  error: vi.fn(),
}));
vi.mock('sonner', () => ({ toast: toastMock }));

import dayjs from 'dayjs';
import { changeLanguage, i18n, i18nProvider, initI18n, LANGS, NAMESPACES } from './index';

beforeAll(async () => {
  window.localStorage.setItem('i18nextLng', 'en');
  await initI18n();
});

beforeEach(() => {
  vi.clearAllMocks();
});

describe('i18n setup (spec §9)', () => {
  it('has the five languages with their labels, locales and currencies', () => {
    expect(LANGS.map((l) => [l.value, l.label, l.numberFormat.code, l.numberFormat.currency, l.adapterLocale])).toEqual([
      ['en', 'English', 'en-US', 'USD', 'en'],
      ['fr', 'French', 'fr-Fr', 'EUR', 'fr'],
      ['vi', 'Vietnamese', 'vi-VN', 'VND', 'vi'],
      ['cn', 'Chinese', 'zh-CN', 'CNY', 'zh-cn'],
      ['ar', 'Arabic', 'ar', 'AED', 'ar-sa'],
    ]);
    expect(LANGS.filter((l) => l.direction === 'rtl').map((l) => l.value)).toEqual(['ar']);
  });

  it('uses en and common as defaults and fallbacks, i18nextLng and the detection order', () => {
    const o = i18n.options;
    expect(o.fallbackLng).toEqual(['en']);
    expect([o.defaultNS].flat()).toEqual(['common']);
    expect([o.fallbackNS].flat()).toEqual(['common']);
    const detection = o.detection as { order: string[]; lookupLocalStorage: string };
    expect(detection.order).toEqual(['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag']);
    expect(detection.lookupLocalStorage).toBe('i18nextLng');
    expect(NAMESPACES).toEqual(expect.arrayContaining(['common', 'navbar', 'settings', 'notifications']));
  });

  it('translates through the Refine provider, with default messages', () => {
    expect(i18nProvider.translate('navbar:profitAndLoss')).toBe('Profit & Loss');
    expect(i18nProvider.translate('buttons.save')).toBe('Save');
    expect(i18nProvider.translate('no.such.key', 'Fallback text')).toBe('Fallback text');
    expect(i18nProvider.translate('no.such.key', {}, 'Other fallback')).toBe('Other fallback');
    expect(i18nProvider.getLocale()).toBe('en');
  });
});

describe('changing language', () => {
  it('shows Loading... then the success toast in the new language, and the date locale follows', async () => {
    await changeLanguage('fr');
    expect(toastMock.loading).toHaveBeenCalledWith('Loading...');
    expect(toastMock.success).toHaveBeenCalledWith('La langue a été changée !', { id: 'toast-1' });
    expect(i18n.language).toBe('fr');
    expect(dayjs.locale()).toBe('fr');
    expect(window.localStorage.getItem('i18nextLng')).toBe('fr');
  });

  it('switches to Arabic with the ar-sa date locale', async () => {
    await i18nProvider.changeLocale('ar');
    expect(toastMock.success).toHaveBeenCalledWith('تم تغيير اللغة!', { id: 'toast-1' });
    expect(i18nProvider.getLocale()).toBe('ar');
    expect(dayjs.locale()).toBe('ar-sa');
  });

  it('shows the error toast and logs when the translations cannot load', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const hasBundle = vi.spyOn(i18n, 'hasResourceBundle').mockReturnValue(false);
    await changeLanguage('vi');
    expect(toastMock.error).toHaveBeenCalledWith(expect.stringMatching(/Error changing language!|Lỗi khi thay đổi ngôn ngữ!/), {
      id: 'toast-1',
    });
    expect(spy).toHaveBeenCalled();
    hasBundle.mockRestore();
    spy.mockRestore();
  });

  it('has the three language-change texts in every language', async () => {
    for (const { value } of LANGS) {
      await i18n.loadLanguages(value);
      for (const key of ['loading', 'success', 'error']) {
        const text = i18n.getFixedT(value, 'common')(`languageChange.${key}`);
        expect(text, `${value} languageChange.${key}`).not.toBe(`languageChange.${key}`);
      }
    }
  });
});

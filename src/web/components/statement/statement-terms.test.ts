import i18next from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATEMENT_TERMS } from '../../../domain/statements';
import { initI18n } from '../../i18n';
import { LANGS } from '../../i18n/langs';
import { termText } from './statement-view';

// The words the server writes into statements reach the reader in their language; a label of the
// data (a metric the lead named, a person) is shown as written.
beforeAll(async () => {
  await initI18n();
});
afterAll(async () => {
  await i18next.changeLanguage('en');
});

describe.each(LANGS.map((l) => l.value))('in %s', (lang) => {
  it('every server word has its own words, and a data label stays as written', async () => {
    await i18next.changeLanguage(lang);
    await i18next.loadNamespaces('statements');
    const t = i18next.getFixedT(lang);
    for (const [key, word] of Object.entries(STATEMENT_TERMS)) {
      expect(i18next.exists(`statements:terms.${key}`, { lng: lang, fallbackLng: false }), key).toBe(true);
      expect(termText(t, word), word).toBe(t(`statements:terms.${key}`));
    }
    expect(termText(t, 'Customer visits')).toBe('Customer visits');
  });
});

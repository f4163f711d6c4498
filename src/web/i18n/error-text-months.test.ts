import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { errorText, issueText } from './error-text';
import { changeLanguage, initI18n } from './index';

// A month in a message reads as the reader says it, never as the API's code.
describe('months in messages', () => {
  it('writes the month of a field issue and of a refusal’s details in words', async () => {
    await initI18n();
    await changeLanguage('fr');
    const t = i18next.t.bind(i18next);
    expect(issueText(t, { code: 'no_billable_seat', params: { period: '2026-10' } })).toBe(
      'Rien à facturer en octobre 2026 : aucun placement avec des jours ouvrés ou des heures saisies',
    );
    expect(errorText(t, { statusCode: 422, message: '', code: 'month_closed', details: { month: '2026-10' } })).toBe(
      'octobre 2026 est clôturé : ses enregistrements ne peuvent plus changer',
    );
    await changeLanguage('en');
    expect(
      issueText(i18next.t.bind(i18next), { code: 'seat_already_billed', params: { invoice: 'INV-2026-0007', period: '2026-11' } }),
    ).toBe('INV-2026-0007 already bills this placement for November 2026');
  });
});

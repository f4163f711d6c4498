import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../i18n';
import { CountryPicker } from './country-picker';

beforeAll(async () => {
  window.localStorage.setItem('i18nextLng', 'en');
  await initI18n();
});
afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('en'));
});

function One({ initial = null }: { initial?: string | null }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <CountryPicker label="Country" value={value} onChange={setValue} />
      <output data-testid="value">{String(value)}</output>
    </>
  );
}

const options = () => screen.getAllByRole('option').map((o) => o.textContent);
/** Typing into the field, as a person does: it has the focus. */
const type = (input: HTMLElement, value: string) => {
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
};

describe('CountryPicker', () => {
  it('finds a country by its name in the language, accents and case aside, and holds its code', async () => {
    await act(() => i18n.changeLanguage('fr'));
    render(<One />);
    const input = screen.getByRole('combobox', { name: 'Country' });
    type(input, 'allem');
    await waitFor(() => expect(options()[0]).toBe('Allemagne'));
    fireEvent.click(screen.getByRole('option', { name: 'Allemagne' }));
    expect(screen.getByTestId('value').textContent).toBe('DE');
    expect(input).toHaveProperty('value', 'Allemagne');
    // "etats" finds États-Unis, a name that starts with it before one that only holds it.
    type(input, 'etats');
    await waitFor(() => expect(options()[0]).toBe('États-Unis'));
  });

  it('lists the countries in the order of the language, and finds one by its code', async () => {
    render(<One />);
    const input = screen.getByRole('combobox', { name: 'Country' });
    fireEvent.mouseDown(input);
    const listed = options();
    expect(listed).toHaveLength(249);
    expect(listed.slice(0, 3)).toEqual(['Afghanistan', 'Åland Islands', 'Albania']);
    type(input, 'gb');
    await waitFor(() => expect(options()[0]).toBe('United Kingdom'));
  });

  it("shows the value's name and follows the language", async () => {
    render(<One initial="VN" />);
    const input = screen.getByRole('combobox', { name: 'Country' });
    expect(input).toHaveProperty('value', 'Vietnam');
    await act(() => i18n.changeLanguage('vi'));
    await waitFor(() => expect(input).toHaveProperty('value', 'Việt Nam'));
  });

  it('holds several in a filter, each a chip with its name', async () => {
    const picked: string[][] = [];
    render(<CountryPicker multiple label="Country" value={['FR', 'JP']} onChange={(codes) => picked.push(codes)} />);
    const root = screen.getByRole('combobox', { name: 'Country' }).closest('.MuiAutocomplete-root') as HTMLElement;
    expect(
      within(root)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(expect.arrayContaining(['France', 'Japan']));
    type(screen.getByRole('combobox', { name: 'Country' }), 'singa');
    fireEvent.click(await screen.findByRole('option', { name: 'Singapore' }));
    expect(picked).toEqual([['FR', 'JP', 'SG']]);
  });
});

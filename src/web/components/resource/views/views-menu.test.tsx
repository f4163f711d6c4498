import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SavedView } from '../../../../domain/modules/saved-views/saved-views.schema';
import { resourceByName } from '../../../../domain/resources';
import { i18n, initI18n } from '../../../i18n';
import { SettingsProvider } from '../../../settings';
import { AppThemeProvider } from '../../../theme';
import { loadComponentLocale } from '../../../theme/component-locales';
import { listStateOf, showsView, viewStateOf } from './view-state';
import { ViewsMenu, type ViewsMenuProps } from './views-menu';

beforeAll(async () => {
  window.localStorage.setItem('i18nextLng', 'en');
  await initI18n();
  await i18n.loadNamespaces(['common', 'users']);
});
afterEach(cleanup);
afterAll(async () => {
  await act(() => i18n.changeLanguage('en'));
});

const view = (over: Partial<SavedView>): SavedView => ({
  id: over.name ?? 'v',
  resource: 'invoices',
  name: 'View',
  state: { filters: {} },
  isDefault: false,
  sharedWithRoles: [],
  mine: true,
  owner: { id: '00000000-0000-4000-8000-000000000001', fullName: 'Me' },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});
const unpaid = view({ id: 'unpaid', name: 'Unpaid', isDefault: true, sharedWithRoles: ['sale'], state: { filters: { status: ['sent'] } } });
const team = view({
  id: 'team',
  name: 'Team pipeline',
  mine: false,
  owner: { id: '00000000-0000-4000-8000-000000000002', fullName: 'Lena Lead' },
});

function renderMenu(props: Partial<ViewsMenuProps> = {}) {
  const onApply = vi.fn();
  const onAction = vi.fn();
  const onRetry = vi.fn();
  const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options) as string;
  render(
    <SettingsProvider>
      <AppThemeProvider>
        <ViewsMenu
          t={t}
          views={[unpaid, team]}
          status="success"
          onRetry={onRetry}
          modified={false}
          canShare
          roleLabel={(r) => i18n.t(`users:roles.${r}`)}
          onApply={onApply}
          onAction={onAction}
          {...props}
        />
      </AppThemeProvider>
    </SettingsProvider>,
  );
  return { onApply, onAction, onRetry };
}
const open = () => fireEvent.click(screen.getByRole('button', { name: /Views|View:/ }));
const items = () => [...screen.getByRole('menu').querySelectorAll<HTMLElement>('[role^="menuitem"]')];
const labels = () => items().map((i) => i.textContent);

describe('the Views menu', () => {
  it('lists my views, then the shared ones marked with their owner, and applies the one chosen', () => {
    const { onApply } = renderMenu();
    open();
    const menu = screen.getByRole('menu');
    const text = menu.textContent ?? '';
    expect(text.indexOf('My views')).toBeLessThan(text.indexOf('Unpaid'));
    expect(text.indexOf('Unpaid')).toBeLessThan(text.indexOf('Shared with me'));
    expect(text.indexOf('Shared with me')).toBeLessThan(text.indexOf('Team pipeline'));
    expect(within(menu).getByText('Default · Shared with Sales')).toBeTruthy();
    expect(within(menu).getByText('Shared by Lena Lead · read-only')).toBeTruthy();
    fireEvent.click(within(menu).getByText('Team pipeline'));
    expect(onApply).toHaveBeenCalledWith(team);
  });

  it('offers the chosen own view’s actions (Update once changed), and only a copy of a shared one', () => {
    const first = renderMenu({ selected: unpaid, modified: true });
    expect(screen.getByRole('button', { name: 'View: Unpaid (changed)' })).toBeTruthy();
    open();
    expect(labels()).toEqual([
      'UnpaidDefault · Shared with Sales',
      'Team pipelineShared by Lena Lead · read-only',
      'Save current as…',
      'Update “Unpaid”',
      'Rename…',
      'Remove as default',
      'Share with…',
      'Delete…',
    ]);
    expect(
      within(screen.getByRole('menu'))
        .getByRole('menuitemradio', { name: /Unpaid/ })
        .getAttribute('aria-checked'),
    ).toBe('true');
    fireEvent.click(screen.getByText('Delete…'));
    expect(first.onAction).toHaveBeenCalledWith('delete', unpaid);
    cleanup();

    renderMenu({ selected: unpaid, canShare: false });
    open();
    expect(labels()).not.toContain('Share with…');
    expect(labels()).not.toContain('Update “Unpaid”');
    cleanup();

    const shared = renderMenu({ selected: team });
    open();
    expect(labels().slice(2)).toEqual(['Save current as…', 'Save a copy…']);
    fireEvent.click(screen.getByText('Save a copy…'));
    expect(shared.onAction).toHaveBeenCalledWith('copy', team);
  });

  it('says when views load, fail (with a retry) or do not exist yet', () => {
    renderMenu({ views: undefined, status: 'pending' });
    open();
    expect(screen.getByText('Loading views…')).toBeTruthy();
    cleanup();
    const failed = renderMenu({ views: undefined, status: 'error' });
    open();
    fireEvent.click(screen.getByText('Could not load the views'));
    expect(failed.onRetry).toHaveBeenCalled();
    cleanup();
    renderMenu({ views: [] });
    open();
    expect(screen.getByText('No saved views yet')).toBeTruthy();
    expect(labels()).toContain('Save current as…');
  });

  it('works by keyboard: arrows move, Enter chooses, Escape gives the focus back', async () => {
    const { onAction } = renderMenu({ views: [] });
    const button = screen.getByRole('button', { name: 'Views' });
    button.focus();
    fireEvent.click(button);
    const menu = screen.getByRole('menu');
    // The first item that can be chosen has the focus (the empty note is disabled).
    const save = within(menu).getByRole('menuitem', { name: 'Save current as…' });
    await vi.waitFor(() => expect(document.activeElement).toBe(save));
    fireEvent.keyDown(save, { key: 'Enter' });
    fireEvent.click(save);
    expect(onAction).toHaveBeenCalledWith('saveAs', undefined);
    cleanup();
    renderMenu();
    fireEvent.click(screen.getByRole('button', { name: 'Views' }));
    const all = items();
    await vi.waitFor(() => expect(document.activeElement).toBe(all[0]));
    fireEvent.keyDown(all[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(all[1]);
    fireEvent.keyDown(all[1]!, { key: 'Escape' });
    await vi.waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('is in Arabic when the reader is', async () => {
    await act(() => i18n.changeLanguage('ar'));
    renderMenu({ views: [] });
    expect(screen.getByRole('button', { name: 'طرق العرض' })).toBeTruthy();
    // The theme loads Arabic's component texts on demand: they land before the language goes back,
    // or their import would finish in the next test file of this worker.
    await act(() => loadComponentLocale('ar'));
    await act(() => i18n.changeLanguage('en'));
  });
});

describe('a view’s state and the list’s', () => {
  const decl = resourceByName('invoices')!;
  it('keeps the search among the filters and only declared columns, and gives the same list back', () => {
    const state = { page: 3, pageSize: 25, sort: { field: 'dueDate', order: 'asc' as const }, q: ' acme ', filters: { status: ['sent'] } };
    const saved = viewStateOf(decl, state, { total: false, __check__: true });
    expect(saved).toEqual({ filters: { status: ['sent'], q: ['acme'] }, sort: state.sort, columns: { total: false }, pageSize: 25 });
    expect(listStateOf(decl, saved, 10)).toEqual({ ...state, page: 1, q: 'acme' });
    expect(showsView(decl, state, saved)).toBe(true);
    expect(showsView(decl, { ...state, filters: { status: ['sent', 'paid'] } }, saved)).toBe(false);
    expect(listStateOf(decl, { filters: {} }, 50)).toMatchObject({ pageSize: 50, sort: decl.defaultSort, q: '', filters: {} });
  });
});

import { useState } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../providers/http';
import { namedRows } from './form-refusal';
import { normaliseTag, TagsInput } from './tags-input';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Harness({ initial = [] as string[], onValue }: { initial?: string[]; onValue: (tags: string[]) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <TagsInput
      resource="candidates"
      field="hashtags"
      label="Hashtags"
      value={value}
      onChange={(tags) => {
        setValue(tags);
        onValue(tags);
      }}
    />
  );
}

function mount(initial: string[] = []) {
  const get = vi.spyOn(http, 'get').mockResolvedValue({
    data: [
      { tag: 'remote', count: 12 },
      { tag: 'java', count: 3 },
    ],
  });
  const seen: string[][] = [];
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Harness initial={initial} onValue={(v) => seen.push(v)} />
    </QueryClientProvider>,
  );
  return { get, seen, input: screen.getByRole('combobox') as HTMLInputElement };
}

describe('TagsInput', () => {
  it('asks the declared source for the tags in use and offers them with their counts', async () => {
    const { get, input } = mount();
    await waitFor(() => expect(get).toHaveBeenCalledWith('/api/v1/candidates/hashtags/all'));
    fireEvent.mouseDown(input);
    const option = await screen.findByText('#remote');
    expect(option.parentElement?.textContent).toContain('12');
  });

  it('adds a typed tag on Enter or a comma, normalised and once', async () => {
    const { seen, input } = mount(['java']);
    fireEvent.change(input, { target: { value: '  Spring   Boot ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(seen.at(-1)).toEqual(['java', 'spring boot']);
    fireEvent.change(input, { target: { value: 'JAVA,Kafka' } });
    expect(seen.at(-1)).toEqual(['java', 'spring boot']);
    expect(input.value).toBe('Kafka');
    fireEvent.blur(input);
    expect(seen.at(-1)).toEqual(['java', 'spring boot', 'kafka']);
  });
});

describe('normaliseTag', () => {
  it.each([
    [' Java ', 'java'],
    ['Tiếng   Việt', 'tiếng việt'],
    ['', ''],
  ])('%j → %j', (raw, tag) => expect(normaliseTag(raw)).toBe(tag));
});

describe('namedRows', () => {
  it('links the fields whose issue names another row, and only fields of the form', () => {
    const issues = {
      email: { code: 'duplicate_candidate', params: { id: 'c1', name: 'Nguyễn Văn An' } },
      phone: { code: 'duplicate_candidate', params: { id: 'c1', name: 'Nguyễn Văn An' } },
      fullName: { code: 'required' },
      hidden: { code: 'duplicate_candidate', params: { id: 'c2', name: 'X' } },
    };
    expect(namedRows(issues, ['email', 'phone', 'fullName'])).toEqual({
      email: { id: 'c1', name: 'Nguyễn Văn An' },
      phone: { id: 'c1', name: 'Nguyễn Văn An' },
    });
    expect(namedRows(undefined, ['email'])).toEqual({});
  });

  it("links a nested input's issue under its field's own inputs (an invoice line's seat billed elsewhere)", () => {
    const issues = {
      'lines.1.headcountId': { code: 'seat_already_billed', params: { id: 'i7', name: 'INV-2026-0007', period: '2026-10' } },
      'linesX.0.id': { code: 'seat_already_billed', params: { id: 'i8', name: 'X' } },
    };
    expect(namedRows(issues, ['subject', 'lines'])).toEqual({ 'lines.1.headcountId': { id: 'i7', name: 'INV-2026-0007' } });
  });
});

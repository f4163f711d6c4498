import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../../../domain/resources';

// A declared file slot is named on its card as `<resource>:files.<field>` (the other languages are
// held to English by the locale test), and its tab by `<resource>:files.tab` or the kit's word.
const english = import.meta.glob<Record<string, unknown>>('../../locales/en/*.json', { eager: true, import: 'default' });
const namespace = (ns: string) => english[`../../locales/en/${ns}.json`] as { files?: Record<string, string> } | undefined;

const slots = RESOURCES.flatMap((r) => Object.values(r.files ?? {}).map((slot) => ({ resource: r.name, field: slot.field })));

describe('declared file slots', () => {
  it('exist (the candidates keep two)', () => {
    expect(slots.filter((s) => s.resource === 'candidates').map((s) => s.field)).toEqual(['cv', 'cvConverted']);
  });
  it.each(slots)('$resource.$field is named in English', ({ resource, field }) => {
    expect(namespace(resource)?.files?.[field], `src/web/locales/en/${resource}.json files.${field}`).toEqual(expect.any(String));
  });
});

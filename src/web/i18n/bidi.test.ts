import { describe, expect, it } from 'vitest';
import { isolateLatinRuns } from './bidi';

describe('isolateLatinRuns', () => {
  it('isolates each Latin fragment of a right-to-left sentence, leaving its punctuation to the sentence', () => {
    expect(isolateLatinRuns('حسابات تجريبية: <role>@demo.local وكلمة المرور Demo1234!', 'rtl')).toBe(
      'حسابات تجريبية: \u2068<role>@demo.local\u2069 وكلمة المرور \u2068Demo1234!\u2069',
    );
  });

  it('leaves left-to-right text alone', () => {
    const en = 'Demo accounts: <role>@demo.local with password Demo1234!';
    expect(isolateLatinRuns(en, 'ltr')).toBe(en);
  });
});

import { describe, expect, it } from 'vitest';
import { isCleanText, stripUnsafeText, text } from './text.js';

describe('text(): what people type, without control and format characters', () => {
  it.each([
    ['NUL', '\u0000'],
    ['SOH', '\u0001'],
    ['BEL', '\u0007'],
    ['backspace', '\u0008'],
    ['tab', '\t'],
    ['line feed', '\n'],
    ['vertical tab', '\u000b'],
    ['form feed', '\u000c'],
    ['carriage return', '\r'],
    ['escape', '\u001b'],
    ['unit separator', '\u001f'],
    ['DEL', '\u007f'],
    ['C1 NEL', '\u0085'],
    ['C1 last', '\u009f'],
    ['LRE', '\u202a'],
    ['RLO', '\u202e'],
    ['LRI', '\u2066'],
    ['PDI', '\u2069'],
    ['BOM', '\ufeff'],
    ['interlinear annotation', '\ufff9'],
    ['interlinear terminator', '\ufffb'],
    ['noncharacter FFFE', '\ufffe'],
    ['noncharacter FFFF', '\uffff'],
    ['lone high surrogate', '\ud800'],
    ['lone low surrogate', '\udc00'],
    ['high surrogate at the end', 'ab\udbff'],
    ['reversed pair', '\ude00\ud83d'],
  ])('refuses %s on one line', (_, c) => {
    expect(isCleanText(`a${c}b`)).toBe(false);
    expect(text().safeParse(`a${c}b`).error?.issues[0]?.message).toBe('control_characters');
  });

  it.each([
    ['letters of several scripts', 'Nguyễn Hélène Ünïcödé مريم 王'],
    ['emoji with a joiner', '👩‍💻'],
    ['a surrogate pair', '😀'],
    ['right-to-left and left-to-right marks', '\u200fمريم\u200e'],
    ['zero-width non-joiner', 'می\u200cخواهم'],
    ['space and punctuation', " -'.,!?"],
    ['U+00A0 no-break space', 'a\u00a0b'],
    ['the character after the C1 block', '\u00a0'],
    ['the character before the overrides', '\u2029'],
    ['the character after the isolates', '\u206a'],
    ['U+FFFC object replacement', '\ufffc'],
    ['U+FFFD replacement', '\ufffd'],
    ['empty', ''],
  ])('accepts %s', (_, value) => {
    expect(isCleanText(value)).toBe(true);
    expect(text().safeParse(value).success).toBe(true);
  });

  it('multi-line text keeps tab, line feed and carriage return, nothing else', () => {
    expect(isCleanText('a\tb\nc\r\nd', { multiline: true })).toBe(true);
    expect(text({ multiline: true }).safeParse('line one\nline two').success).toBe(true);
    for (const c of ['\u0000', '\u0008', '\u000b', '\u000c', '\u000e', '\u001f', '\u007f', '\u0085', '\u202e', '\u2066', '\ud800'])
      expect(isCleanText(`a${c}b`, { multiline: true }), JSON.stringify(c)).toBe(false);
  });

  it('stops at the first problem (later checks do not add issues) and chains with trim, min and max', () => {
    const schema = text().trim().min(2, { message: 'required' }).max(5);
    expect(schema.safeParse('\u0000').error?.issues.map((i) => i.message)).toEqual(['control_characters']);
    expect(schema.parse('  ab  ')).toBe('ab');
    expect(schema.safeParse('abcdefg').success).toBe(false);
  });

  it('stripUnsafeText removes exactly what text() refuses', () => {
    expect(stripUnsafeText('in\u202evoice\u0000\u007f\ud800.png')).toBe('invoice.png');
    expect(stripUnsafeText('Nguyễn 😀\u200f')).toBe('Nguyễn 😀\u200f');
    expect(stripUnsafeText('a\nb\tc')).toBe('abc');
  });
});

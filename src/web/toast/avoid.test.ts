import { describe, expect, it } from 'vitest';
import { AVOID_GAP, toastColumn, toastTop } from './avoid';

describe('toasts clear the pages’ actions areas', () => {
  const desk = toastColumn(1440, 300, 16, false);
  it('takes the toasts’ corner, mirrored in right-to-left, and the whole width on a phone', () => {
    expect(desk).toEqual({ left: 1124, right: 1424 });
    expect(toastColumn(1440, 300, 16, true)).toEqual({ left: 16, right: 316 });
    expect(toastColumn(390, 300, 16, false)).toEqual({ left: 0, right: 390 });
  });
  it('starts below an actions area in its column, and stays up when the area is elsewhere', () => {
    const actions = { top: 100, bottom: 136.4, left: 900, right: 1400 };
    expect(toastTop(88, desk, [actions], 900)).toBe(137 + AVOID_GAP);
    expect(toastTop(88, desk, [{ ...actions, right: 1000 }], 900)).toBe(88);
    // Scrolled under the app bar, or low on the screen: the toasts keep their place.
    expect(toastTop(88, desk, [{ ...actions, top: 20, bottom: 60 }], 900)).toBe(88);
    expect(toastTop(88, desk, [{ ...actions, top: 600, bottom: 640 }], 900)).toBe(88);
    // Wrapped actions on a narrow page: below the lowest.
    expect(toastTop(80, toastColumn(390, 300, 16, false), [actions, { top: 140, bottom: 260, left: 0, right: 390 }], 844)).toBe(268);
  });
});

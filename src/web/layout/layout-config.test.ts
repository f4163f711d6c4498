import { describe, expect, it } from 'vitest';
import { COMPACT_MEDIA_QUERY, LAYOUT, initials } from './layout-config';

describe('layout sizes (spec §9)', () => {
  it('has the spec numbers', () => {
    expect(LAYOUT).toMatchObject({
      navVerticalWidth: 300,
      navMiniWidth: 88,
      navHorizontalHeight: 64,
      navMobileWidth: 288,
      headerHeightMobile: 64,
      headerHeightDesktop: 72,
      headerBlur: 8,
    });
  });

  it('applies the compact width only above 1600 px (not at MUI xl, 1536)', () => {
    expect(COMPACT_MEDIA_QUERY).toBe('@media (min-width: 1601px)');
  });

  it('shows the brand initials in the mini navigation', () => {
    expect(initials('Staffing Office')).toBe('SO');
    expect(initials('  staffing   back office ')).toBe('SB');
    expect(initials('Office')).toBe('O');
  });
});

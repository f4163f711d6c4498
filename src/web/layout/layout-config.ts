// Spec §9 layout sizes.
export const LAYOUT = {
  navVerticalWidth: 300,
  navMiniWidth: 88,
  navHorizontalHeight: 64,
  navMobileWidth: 288,
  headerHeightMobile: 64,
  headerHeightDesktop: 72,
  headerBlur: 8,
  breakpoint: 'lg',
  /** Compact: the dashboard's content keeps this width on screens wider than 1600 px. */
  compactContentWidth: 1200,
} as const;

/**
 * Spec §2, §9: compact layout applies above 1600 px. MUI's xl starts at 1536, so the
 * query is written out rather than taken from the theme's breakpoints.
 */
export const COMPACT_MEDIA_QUERY = '@media (min-width: 1601px)';

/** "Staffing Office" → "SO": the brand in the 88 px mini navigation. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

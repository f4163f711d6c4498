// Spec §9 layout sizes.
export const LAYOUT = {
  navVerticalWidth: 300,
  navMiniWidth: 88,
  navHorizontalHeight: 64,
  navMobileWidth: 288,
  headerHeightMobile: 64,
  headerHeightDesktop: 72,
  headerBlur: 8,
  breakpoint: "lg",
} as const;

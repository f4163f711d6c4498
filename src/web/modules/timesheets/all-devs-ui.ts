import { useFormatters } from '../../i18n/format';

// What the all-devs screen's parts share: their words, the missing day's look, the sticky name column.

export const ALL_DEVS_NS = 'logwork-all-devs';

// Stripes and an icon, not colour alone, mark a missing day (amber reads for every colour vision).
export const MISSING_BG = 'repeating-linear-gradient(135deg, rgba(255,171,0,0.28) 0 4px, rgba(255,171,0,0.12) 4px 8px)';

const NAME_WIDTH = { xs: 132, sm: 200 };
/** The name column stays in view while the days scroll under it. */
export const stickyCell = {
  position: 'sticky',
  insetInlineStart: 0,
  zIndex: 2,
  bgcolor: 'background.paper',
  minWidth: NAME_WIDTH,
  maxWidth: NAME_WIDTH,
  borderInlineEnd: 1,
  borderInlineEndColor: 'divider',
} as const;

/** A workbook's size so far, as the progress reads it. */
export const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** A utilisation as a percent, a dash when there was nothing to use. */
export function usePercent() {
  const fmt = useFormatters();
  return (u: number | null) => (u === null ? '—' : fmt.number(u, { style: 'percent', maximumFractionDigits: 1 }));
}

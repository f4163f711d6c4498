import { useFormatters } from '../../../i18n/format';

type Range = { startDate: string; endDate: string };

/** A date range as the locale writes it; a single day when it starts and ends the same day. */
export function useDateRange() {
  const fmt = useFormatters();
  return (r: Range) => (r.startDate === r.endDate ? fmt.date(r.startDate) : `${fmt.date(r.startDate)} – ${fmt.date(r.endDate)}`);
}

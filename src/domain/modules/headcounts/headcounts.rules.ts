// A person's seats share their time: the allocations of the seats that overlap in time add up
// to at most 100 %. Ended seats hold no time.

export interface Seat {
  id: string;
  allocation: number;
  startDate: string;
  endDate: string | null;
  status: 'pending' | 'active' | 'ended';
}

const overlaps = (a: Pick<Seat, 'startDate' | 'endDate'>, b: Pick<Seat, 'startDate' | 'endDate'>) =>
  (a.endDate === null || b.startDate <= a.endDate) && (b.endDate === null || a.startDate <= b.endDate);

/**
 * The other seats that share time with `seat`, and the highest total allocation on any day of
 * `seat`'s period. The total is checked at each day a seat starts, where the sum can only rise.
 */
export function allocationPeak(seat: Omit<Seat, 'id'> & { id?: string }, others: readonly Seat[]): { peak: number; sharing: Seat[] } {
  if (seat.status === 'ended') return { peak: seat.allocation, sharing: [] };
  const sharing = others.filter((o) => o.id !== seat.id && o.status !== 'ended' && overlaps(seat, o));
  let peak = seat.allocation;
  const starts = [seat.startDate, ...sharing.map((o) => o.startDate)].filter(
    (d) => d >= seat.startDate && (seat.endDate === null || d <= seat.endDate),
  );
  for (const day of starts) {
    const onDay = sharing.filter((o) => o.startDate <= day && (o.endDate === null || day <= o.endDate));
    peak = Math.max(peak, seat.allocation + onDay.reduce((sum, o) => sum + o.allocation, 0));
  }
  return { peak, sharing };
}

export const MAX_ALLOCATION = 100;

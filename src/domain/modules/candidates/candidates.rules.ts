/** Shorter digit runs are extensions or typos, not numbers that identify a person. */
export const MIN_PHONE_DIGITS = 6;

/**
 * The digits of a phone number, what duplicates are compared by ("+84 912-345-678" and
 * "+84912345678" are one person); undefined when too few to identify anyone.
 */
export function phoneDigits(phone: string): string | undefined {
  const digits = phone.replace(/\D/g, '');
  return digits.length >= MIN_PHONE_DIGITS ? digits : undefined;
}

import { foldForSearch } from '../../../domain/text';

/**
 * A picker's options ordered for what was typed: labels that start with it first, then those with
 * a word that does, then those that contain it, then the server's other matches (an e-mail, a
 * code) in the server's order. With `strict` (the answer is for an earlier input, still shown
 * while the new one loads) only labels that match are kept, so Enter never picks a stale row.
 */
export function rankMatches<T extends { label: string }>(rows: readonly T[], typed: string, strict = false): T[] {
  const q = foldForSearch(typed);
  if (!q) return [...rows];
  const score = (label: string) => {
    const l = foldForSearch(label);
    if (l.startsWith(q)) return 0;
    if (l.split(/[\s\-_.,/()]+/).some((word) => word.startsWith(q))) return 1;
    if (l.includes(q)) return 2;
    return 3;
  };
  return rows
    .map((row, index) => ({ row, index, score: score(row.label) }))
    .filter((r) => !strict || r.score < 3)
    .sort((a, b) => a.score - b.score || a.index - b.index)
    .map((r) => r.row);
}

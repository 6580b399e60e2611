/** A count on a badge: nothing for none, '99+' past 99. */
export function formatBadge(count: number | undefined): string | null {
  if (!count || count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}

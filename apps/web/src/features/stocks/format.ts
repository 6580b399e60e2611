import { formatCents } from '@metal/shared';

/** A place as people write it: a municipality's city (北京市 → 北京市) once, empty parts left out. */
export function placeText(place: { province: string; city: string; district?: string }, extra = ''): string {
  return [place.province, place.city === place.province ? '' : place.city, place.district ?? '', extra]
    .filter(Boolean)
    .join(' ');
}

/** A fee or change with its sign, as traders read it ("+380", "-150.50", "0"). */
export function signedCents(cents: number): string {
  return cents > 0 ? `+${formatCents(cents)}` : formatCents(cents);
}

/** SPEC §9 red = up, green = down, grey = flat: the class a change is shown with. */
export function changeClass(cents: number | null): string {
  if (cents === null || cents === 0) return 'is-flat';
  return cents > 0 ? 'is-up' : 'is-down';
}

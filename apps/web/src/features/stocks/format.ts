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

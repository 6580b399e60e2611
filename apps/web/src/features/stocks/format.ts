import { formatCents } from '@metal/shared';
import { placeLine } from '../../components/form/place';

/** A place as people write it (the form kit's placeLine), with the street or warehouse after it. */
export function placeText(
  place: { province: string; city: string; district?: string },
  extra = '',
  regionName?: (name: string) => string,
): string {
  return [placeLine(place, regionName), extra].filter(Boolean).join(' ');
}

/** A fee or change with its sign, as traders read it ("+380", "-150.50", "0"). */
export function signedCents(cents: number): string {
  return cents > 0 ? `+${formatCents(cents)}` : formatCents(cents);
}

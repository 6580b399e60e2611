/** Mainland mobile numbers: 11 digits starting 13-19. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
/** Landlines: area code 0xx or 0xxx, 7-8 digit number, optional extension; '-' separators optional. */
export const LANDLINE_PATTERN = /^0\d{2,3}-?\d{7,8}(-\d{1,6})?$/;

export function isMobile(value: string): boolean {
  return MOBILE_PATTERN.test(value.trim());
}

export function isLandline(value: string): boolean {
  return LANDLINE_PATTERN.test(value.trim());
}

/** SPEC §5: a receipt address or business phone may be a mobile or a landline. */
export function isPhoneNumber(value: string): boolean {
  return isMobile(value) || isLandline(value);
}

/** Shows a mobile number with its middle four digits hidden: 138****5678. */
export function maskMobile(value: string): string {
  const digits = value.trim();
  return isMobile(digits) ? `${digits.slice(0, 3)}****${digits.slice(7)}` : value;
}

/**
 * Shows a business phone to someone not allowed the whole number: a mobile as maskMobile does, a
 * landline with the last four digits of its number hidden (0757-8600****, extension dropped), and
 * anything else as four stars, so nothing unrecognised leaks whole.
 */
export function maskPhone(value: string): string {
  const phone = value.trim();
  if (isMobile(phone)) return maskMobile(phone);
  const landline = /^(0\d{2,3})(-?)(\d{7,8})(-\d{1,6})?$/.exec(phone);
  if (landline) return `${landline[1]}${landline[2]}${landline[3]!.slice(0, -4)}****`;
  return phone ? '****' : '';
}

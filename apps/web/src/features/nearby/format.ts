/** Integer kilograms as tons with at most three decimals and no trailing zeros ("30", "12.5", "0.025"). */
export function tonsText(kg: number): string {
  const whole = Math.floor(kg / 1000);
  const rest = kg % 1000;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(3, '0').replace(/0+$/, '')}`;
}

/**
 * Measures two calls in alternating slices of the same run, so a machine that is busier at one
 * moment than another slows both alike and their ratio holds. Prints each one's rate and answers
 * the rates (calls per second).
 */
export async function interleaved(
  rounds: number,
  measured: { name: string; once: () => Promise<unknown> }[],
  unit = 'calls/s',
): Promise<number[]> {
  const SLICES = 20;
  const perSlice = Math.max(1, Math.floor(rounds / SLICES));
  for (const { once } of measured) for (let i = 0; i < Math.min(100, rounds); i++) await once();
  const nanoseconds = measured.map(() => 0n);
  for (let slice = 0; slice < SLICES; slice++) {
    for (const [index, { once }] of measured.entries()) {
      const start = process.hrtime.bigint();
      for (let i = 0; i < perSlice; i++) await once();
      nanoseconds[index] = (nanoseconds[index] ?? 0n) + process.hrtime.bigint() - start;
    }
  }
  return measured.map(({ name }, index) => {
    const seconds = Number(nanoseconds[index]) / 1e9;
    const calls = perSlice * SLICES;
    const perSecond = calls / seconds;
    console.log(
      `${name.padEnd(36)} ${perSecond.toFixed(0).padStart(7)} ${unit}  ${((seconds / calls) * 1e6).toFixed(0).padStart(6)} µs each`,
    );
    return perSecond;
  });
}

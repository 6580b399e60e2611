import { describe, expect, it } from 'vitest';
import { Calls } from './calls';
import { type CallContract, FEATURES } from './contract';
import { MESSAGES } from './messages';
import { COMMON_MESSAGES } from './messages-common';

/** Every object `<feature>/<file>.ts` exports, for each feature that has the file. */
async function featureExports(file: 'calls' | 'messages') {
  const found = await Promise.all(
    FEATURES.map(async (feature) => {
      const module = (await import(`./${feature}/${file}.ts`).catch(() => undefined)) as
        | Record<string, Record<string, unknown>>
        | undefined;
      return { feature, catalogues: Object.values(module ?? {}) };
    }),
  );
  return found;
}

describe('Calls', () => {
  it("is every feature's calls, none of them dropped or shadowed by another feature's of the same name", async () => {
    const spread = (await featureExports('calls')).flatMap(({ catalogues }) =>
      catalogues.flatMap((calls) => Object.entries(calls)),
    );
    expect(spread.length).toBe(Object.keys(Calls).length);
    for (const [name, contract] of spread) expect(Calls[name as keyof typeof Calls], name).toBe(contract);
  });

  it("keeps each call in its own feature's folder, and every feature has calls", async () => {
    for (const { feature, catalogues } of await featureExports('calls')) {
      expect(catalogues.length, feature).toBe(1);
      for (const calls of catalogues)
        for (const [name, contract] of Object.entries(calls))
          expect((contract as CallContract).feature, name).toBe(feature);
    }
  });

  it('gives every call its own path', () => {
    const paths = Object.values(Calls).map((contract) => contract.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});

describe('MESSAGES', () => {
  it("is every feature's messages, none of them shadowed by another feature's of the same key", async () => {
    const keys = [
      ...Object.keys(COMMON_MESSAGES),
      ...(await featureExports('messages')).flatMap(({ catalogues }) =>
        catalogues.flatMap((messages) => Object.keys(messages)),
      ),
    ];
    expect(keys.length).toBe(Object.keys(MESSAGES).length);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

import { fileURLToPath } from 'node:url';
import { Calls } from '@metal/shared';
import { describe, expect, it } from 'vitest';
import { callPathsModule, readCallPaths } from './callPaths';

const sharedSrc = fileURLToPath(new URL('../../../../packages/shared/src', import.meta.url));

describe("the web build's call catalogue", () => {
  it('has every call of the shared catalogue, by the same name, path and permission', () => {
    const expected = Object.fromEntries(
      Object.entries(Calls).map(([name, { path, permission }]) => [name, permission ? { path, permission } : { path }]),
    );
    expect(readCallPaths(sharedSrc)).toEqual(expected);
  });

  it('is a module of paths and permissions alone, with nothing that would bring zod', async () => {
    const source = callPathsModule(sharedSrc);
    expect(source).not.toMatch(/\bimport\b/);
    const module = (await import(`data:text/javascript,${encodeURIComponent(source)}`)) as {
      Calls: Record<string, { path: string; permission?: string }>;
    };
    expect(module.Calls.quotes).toEqual({ path: Calls.quotes.path });
    expect(module.Calls.stockSave).toEqual({ path: Calls.stockSave.path, permission: 'stock' });
    expect(Object.keys(module.Calls)).toHaveLength(Object.keys(Calls).length);
  });
});

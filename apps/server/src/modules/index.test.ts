import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ServerModule } from '../platform/module';
import { MODULES } from './index';

const folders = readdirSync(new URL('.', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

describe('the modules list', () => {
  it('has every module folder, each with its own descriptor, registered exactly once', async () => {
    expect(folders.length).toBeGreaterThan(0);
    for (const folder of folders) {
      const exports = (await import(`./${folder}/${folder}.module.ts`)) as Record<string, ServerModule>;
      const descriptors = Object.values(exports).filter((value) => value.name === folder);
      expect(descriptors, `${folder}/${folder}.module.ts`).toHaveLength(1);
      expect(
        MODULES.filter((module) => module === descriptors[0]),
        `${folder} in modules/index.ts`,
      ).toHaveLength(1);
    }
    expect(MODULES.map((module) => module.name).sort()).toEqual(folders);
  });
});

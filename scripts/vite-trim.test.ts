import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { SIDE_CHANNEL, jsonSchemaStandIn, trimBundle } from './vite-trim';

/** The replacement module, run as CommonJS. */
function sideChannel() {
  const module = { exports: {} as unknown };
  new Function('module', 'exports', SIDE_CHANNEL)(module, module.exports);
  return (
    module.exports as () => {
      get(key: unknown): unknown;
      set(key: unknown, value: unknown): void;
      has(key: unknown): boolean;
      delete(key: unknown): boolean;
      assert(key: unknown): void;
    }
  )();
}

describe("the build's side-channel (what qs keeps while it stringifies)", () => {
  it('keeps values by object and by primitive key, apart per channel', () => {
    const channel = sideChannel();
    const key = {};
    expect(channel.has(key)).toBe(false);
    expect(channel.get(key)).toBeUndefined();
    channel.set(key, 1);
    channel.set('k', 2);
    expect([channel.get(key), channel.get('k'), channel.has({}), channel.has('other')]).toEqual([1, 2, false, false]);
    expect(sideChannel().has(key)).toBe(false);
    expect(channel.delete(key)).toBe(true);
    expect(channel.has(key)).toBe(false);
  });

  it('throws as side-channel does for a key it does not hold', () => {
    const channel = sideChannel();
    expect(() => channel.assert({})).toThrow(new TypeError('Side channel does not contain the given object key'));
    expect(() => channel.assert('x')).toThrow(TypeError);
    channel.set('x', true);
    expect(() => channel.assert('x')).not.toThrow();
  });
});

describe('what the build leaves out', () => {
  const plugin = trimBundle();
  const resolveId = plugin.resolveId as (this: unknown, source: string, importer?: string, options?: object) => Promise<unknown>;
  const context = { resolve: async (source: string, importer: string) => ({ id: `${importer} -> ${source}` }) };
  const resolve = (source: string, importer?: string) => resolveId.call(context, source, importer, {});

  it("replaces side-channel, the paid grid's components and axios' fetch adapter", async () => {
    expect(await resolve('side-channel', '/n/node_modules/qs/lib/stringify.js')).toBe('\0trim:side-channel');
    expect(await resolve('@mui/material/Tabs', '/n/node_modules/@mui/x-data-grid/material/index.mjs')).toBe('\0trim:unused-component');
    expect(await resolve('./fetch.js', '/n/node_modules/axios/lib/adapters/adapters.js')).toBe('\0trim:axios-no-fetch');
    // The same imports elsewhere are the real ones.
    expect(await resolve('@mui/material/Tabs', '/app/src/web/page.tsx')).toBeNull();
    expect(await resolve('./fetch.js', '/app/src/web/page.ts')).toBeNull();
  });

  it("resolves @mui/system from the material's own copy, and keeps CommonJS packages that nothing uses out", async () => {
    const system = (await resolve('@mui/system/RtlProvider', '/n/node_modules/@mui/x-data-grid/index.mjs')) as { id: string };
    expect(system.id).toMatch(/@mui\/material\/index\.js -> @mui\/system\/RtlProvider$/);
    expect(await resolve('papaparse', '/n/node_modules/@refinedev/core/dist/index.mjs')).toMatchObject({ moduleSideEffects: false });
    expect(await resolve('react', '/app/src/web/main.tsx')).toBeNull();
  });
});

describe("zod's JSON Schema output in the client", () => {
  const require = createRequire(import.meta.url);
  const file = (name: string) => join(dirname(require.resolve('zod/package.json')), 'v4', 'core', `${name}.js`);

  it.each(['json-schema-processors', 'to-json-schema'])('%s: the stand-in exports what the real module does', async (name) => {
    const standIn = jsonSchemaStandIn(readFileSync(file(name), 'utf8'));
    const exported = [...standIn.matchAll(/^export const (\w+) =/gm)].map((m) => m[1]).sort();
    const real = Object.keys((await import(pathToFileURL(file(name)).href)) as object).sort();
    expect(exported).toEqual(real);
    // Each export, called as zod calls it when a schema is built, answers a function that says what is missing.
    const module = { exports: {} as Record<string, () => () => unknown> };
    new Function('module', standIn.replace(/^export const (\w+) =/gm, 'module.exports.$1 ='))(module);
    expect(() => module.exports[real[0]!]!()()).toThrow(/left out of the client build/);
  });

  it('is not what validating a form needs: zod parses without it', () => {
    // The real toJSONSchema is reached only through these modules; parsing never calls them.
    expect(z.object({ country: z.string() }).safeParse({ country: 'VN' }).success).toBe(true);
  });
});

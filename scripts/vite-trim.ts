import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { Plugin } from 'vite';

// What the client build leaves out of the browser's download without changing behaviour
// (decision 004). Each rule names the packages it applies to; a package that changes what
// it imports is simply no longer trimmed.

/** CommonJS packages whose import does nothing but define exports: dropped when nothing uses them. */
const PURE_COMMONJS = [
  // Refine's CSV import and export (useImport, useExport): the app exports on the server.
  'papaparse',
  // Refine's devtools stack traces, skipped outside development.
  'error-stack-parser',
  'stackframe',
];

/**
 * qs (Refine's URL state) keeps the objects it is stringifying in `side-channel`, which brings
 * object-inspect and get-intrinsic (~30 KB) to format one error message. This is the same
 * channel on a WeakMap (objects) and a Map (anything else), with the same API and error.
 */
export const SIDE_CHANNEL = `'use strict';
module.exports = function getSideChannel() {
  var weak, other;
  var store = function (key, create) {
    var isObject = key !== null && (typeof key === 'object' || typeof key === 'function');
    if (isObject) return weak || (create ? (weak = new WeakMap()) : undefined);
    return other || (create ? (other = new Map()) : undefined);
  };
  var channel = {
    assert: function (key) {
      if (!channel.has(key)) throw new TypeError('Side channel does not contain ' + (key !== null && typeof key === 'object' ? 'the given object key' : String(key)));
    },
    'delete': function (key) { var s = store(key, false); return !!s && s['delete'](key); },
    get: function (key) { var s = store(key, false); return s && s.get(key); },
    has: function (key) { var s = store(key, false); return !!s && s.has(key); },
    set: function (key, value) { store(key, true).set(key, value); }
  };
  return channel;
};
`;

/**
 * The free DataGrid's default components include ones only its paid versions render (tabs of
 * the pivot panel, toggle buttons of the AI assistant): stand-ins that say so if ever rendered.
 */
const GRID_UNUSED = ['@mui/material/Tabs', '@mui/material/Tab', '@mui/material/ToggleButton'];
const UNUSED_COMPONENT = `export default function Unused() {
  throw new Error('This component of the paid DataGrid is left out of the build (scripts/vite-trim.ts)');
}
`;

/**
 * axios takes the first adapter the environment has, in the order xhr, http, fetch: a browser
 * always has XMLHttpRequest, so the fetch adapter (~10 KB) is never chosen. It is reported absent.
 */
const AXIOS_NO_FETCH = `export const getFetch = () => false;
export default false;
`;

/**
 * zod's JSON Schema output (its processors and generator, ~17 KB): every schema gets a
 * toJSONSchema method built from it, which only the server's OpenAPI document calls. In the
 * client each export of these two modules is a function whose result says so if ever called.
 */
const ZOD_JSON_SCHEMA = /\/zod\/v4\/core\/(json-schema-processors|to-json-schema)\.js$/;
export function jsonSchemaStandIn(code: string): string {
  const names = new Set<string>();
  for (const m of code.matchAll(/^export (?:async )?(?:function\*?|const|let|var|class) ([A-Za-z_$][\w$]*)/gm)) names.add(m[1]!);
  for (const m of code.matchAll(/^export \{([^}]*)\}/gm))
    for (const part of m[1]!.split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) names.add(name);
    }
  if (/^export default/m.test(code) || /^export \*/m.test(code))
    throw new Error('zod changed: its JSON Schema modules have a default or star export');
  return [
    "const unavailable = () => { throw new Error('JSON Schema output is left out of the client build (scripts/vite-trim.ts)'); };",
    ...[...names].map((n) => `export const ${n} = () => unavailable;`),
  ].join('\n');
}

const SIDE_CHANNEL_ID = '\0trim:side-channel';
const AXIOS_NO_FETCH_ID = '\0trim:axios-no-fetch';
const UNUSED_ID = '\0trim:unused-component';

export function trimBundle(): Plugin {
  const require = createRequire(import.meta.url);
  // @mui/material 6 brings its own @mui/system 6; MUI X resolves @mui/system 7 at the top
  // level, a second copy of the styling engine. MUI X accepts 6: one copy, the material's.
  const materialDir = dirname(require.resolve('@mui/material/package.json'));
  const fromMaterial = `${materialDir}/index.js`;
  return {
    name: 'trim-bundle',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source === 'side-channel') return SIDE_CHANNEL_ID;
      if (importer?.includes('/@mui/x-data-grid/material/') && GRID_UNUSED.includes(source)) return UNUSED_ID;
      if (source === './fetch.js' && importer?.endsWith('/axios/lib/adapters/adapters.js')) return AXIOS_NO_FETCH_ID;
      if ((source === '@mui/system' || source.startsWith('@mui/system/')) && importer && !importer.startsWith(materialDir))
        return this.resolve(source, fromMaterial, { ...options, skipSelf: true });
      const pkg = PURE_COMMONJS.find((p) => source === p || source.startsWith(`${p}/`));
      if (pkg) {
        const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
        return resolved && { ...resolved, moduleSideEffects: false };
      }
      return null;
    },
    transform(code, id) {
      return ZOD_JSON_SCHEMA.test(id) ? { code: jsonSchemaStandIn(code), map: null } : null;
    },
    load(id) {
      if (id === SIDE_CHANNEL_ID) return SIDE_CHANNEL;
      if (id === UNUSED_ID) return UNUSED_COMPONENT;
      if (id === AXIOS_NO_FETCH_ID) return AXIOS_NO_FETCH;
      return null;
    },
  };
}

// The import structure's rules, checked by `npm run lint` (dependency-cruiser). Type-only imports
// count: a cycle of types still means two files that can only be read and changed together.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'No import cycle anywhere in src/: break it with a hook or a type in the lower file.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'kit-imports-no-module',
      severity: 'error',
      comment:
        'The kit (src/server/http) serves every module and knows none: what a module adds to every write reaches the kit through a hook the kit declares.',
      from: { path: '^src/server/http/' },
      to: { path: '^src/server/modules/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['\\.test\\.tsx?$', '^src/server/db/migrations/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
  },
};

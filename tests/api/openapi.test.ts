import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../fixtures/app.js';
import { openApiPath, operationsOf, type OpenApiDoc } from '../fixtures/openapi.js';

let t: TestApp;
let doc: OpenApiDoc;
beforeAll(async () => {
  t = await buildTestApp();
  doc = (await t.app.inject('/api/docs/json')).json() as OpenApiDoc;
});
afterAll(() => t?.close());

describe('the OpenAPI document lists exactly the routes the server answers', () => {
  it('every routed /api operation is documented, and every documented one is routed', () => {
    const routed = t.app.routeAccess.map((r) => `${r.method} ${openApiPath(r.url)}`);
    const documented = operationsOf(doc).map((o) => `${o.method} ${o.path}`);
    const undocumented = t.app.routeAccess
      .filter((r) => !documented.includes(`${r.method} ${openApiPath(r.url)}`))
      .map((r) => `${r.method} ${r.url}`);
    expect(undocumented).toEqual([]);
    expect(documented.filter((d) => !routed.includes(d))).toEqual([]);
    // The probes are part of it too.
    expect(documented).toEqual(expect.arrayContaining(['GET /api/health', 'GET /api/ready', 'POST /api/v1/auth/login']));
  });

  it('Fastify’s own route table has no /api route that escaped the access declarations', () => {
    // printRoutes lists every registered path; each /api path must be one routeAccess knows.
    const known = new Set(t.app.routeAccess.map((r) => r.url));
    const tree = t.app.printRoutes({ commonPrefix: false });
    const paths = [...tree.matchAll(/^[\s│├└─]*(\/api\/\S*)/gm)].map((m) => m[1]!.replace(/\s.*$/, ''));
    expect(paths.length).toBeGreaterThan(10);
    const unknown = paths.filter((p) => !p.startsWith('/api/docs') && !known.has(p) && !known.has(p.replace(/\/$/, '')));
    expect(unknown).toEqual([]);
  });

  it('public routes need no token; every other operation requires the bearer token', () => {
    expect(doc.security).toEqual([{ bearer: [] }]);
    for (const r of t.app.routeAccess) {
      const op = doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()];
      if (!op) continue;
      if (r.access === 'public') expect(op.security, `${r.method} ${r.url}`).toEqual([]);
      else expect(op.security, `${r.method} ${r.url}`).toBeUndefined();
    }
    const publicAuth = ['login', 'register', 'verify', 'resend-code', 'reset-password', 'update-password', 'refresh'];
    for (const name of publicAuth) expect(doc.paths[`/api/v1/auth/${name}`]!.post!.security).toEqual([]);
  });

  it('documents the error responses in the error shape', () => {
    for (const { method, path, op } of operationsOf(doc)) {
      const errors = Object.keys(op.responses ?? {}).filter((c) => /^[45]\d\d$/.test(c));
      expect(errors, `${method} ${path}`).toContain('500');
      for (const code of errors) {
        const schema = op.responses![code]!.content?.['application/json']?.schema;
        expect(schema?.required, `${method} ${path} ${code}`).toEqual(['statusCode', 'error', 'code', 'message']);
      }
      if (op.security?.length === 0) expect(errors).toContain('429');
      else expect(errors).toEqual(expect.arrayContaining(['401', '403']));
    }
  });

  it('documents the avatar upload as a multipart body with a binary file', () => {
    const op = doc.paths['/api/v1/user/me/avatar']!.put!;
    const schema = op.requestBody?.content?.['multipart/form-data']?.schema;
    expect(schema).toMatchObject({ type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } });
    expect(Object.keys(op.responses!)).toEqual(expect.arrayContaining(['200', '400', '413', '415']));
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../fixtures/app.js';

// The built client as the server sends it: the build's precompressed siblings chosen by
// Accept-Encoding, content-hashed files cached a year (immutable), index.html revalidated.

const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
let t: TestApp;
let webRoot: string;
beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'sbo-static-'));
  const html = '<!doctype html><title>Staffing</title><div id="root"></div>';
  writeFileSync(join(webRoot, 'index.html'), html);
  writeFileSync(join(webRoot, 'index.html.gz'), gzipSync(html));
  writeFileSync(join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  mkdirSync(join(webRoot, 'assets'));
  const file = join(webRoot, 'assets', 'index-Bk3x9aZq.js');
  writeFileSync(file, script);
  writeFileSync(`${file}.br`, brotliCompressSync(script));
  writeFileSync(`${file}.gz`, gzipSync(script));
  t = await buildTestApp({}, { webRoot });
});
afterAll(async () => {
  await t?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

describe('static assets', () => {
  it('sends brotli, else gzip, else the plain file, varying on Accept-Encoding', async () => {
    const url = '/assets/index-Bk3x9aZq.js';
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);

    const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('caches content-hashed files for a year (immutable), never index.html', async () => {
    const asset = await t.app.inject({ url: '/assets/index-Bk3x9aZq.js', headers: { 'accept-encoding': 'br' } });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/users', '/auth/sign-in', '/favicon.svg']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const spa = await t.app.inject({ url: '/users', headers: { 'accept-encoding': 'gzip' } });
    expect(spa.headers['content-type']).toMatch(/text\/html/);
  });
});

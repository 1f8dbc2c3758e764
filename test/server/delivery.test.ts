import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createSite, createUser, PASSWORD } from './factories';
import { authHeaders, makeTestApp, signIn, type TestApp } from './test-app';

let t: TestApp;
let staticDir: string;
const script = `console.log(${JSON.stringify('x'.repeat(5000))});`;

beforeAll(async () => {
  staticDir = mkdtempSync(path.join(tmpdir(), 'guard-console-dist-'));
  mkdirSync(path.join(staticDir, 'assets'));
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Guard Console</title>');
  writeFileSync(path.join(staticDir, 'assets', 'index-B1a2C3d4.js'), script);
  writeFileSync(path.join(staticDir, 'assets', 'index-B1a2C3d4.js.br'), brotliCompressSync(script));
  t = await makeTestApp({ env: { STATIC_DIR: staticDir } });
  await createUser(t.db, { email: 'root@example.com', role: 'superadmin' });
});
afterAll(async () => {
  await t.close();
  rmSync(staticDir, { recursive: true, force: true });
});

describe('delivery', () => {
  it('sends hashed assets precompressed and cached for a year, and index.html revalidated', async () => {
    const asset = await t.app.inject({
      method: 'GET',
      url: '/assets/index-B1a2C3d4.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(asset.rawPayload).toString()).toBe(script);
    for (const url of ['/index.html', '/dashboard']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.headers['cache-control']).toBe('no-cache');
    }
  });

  it('compresses API answers above a kilobyte, and leaves small ones alone', async () => {
    const company = await createCompany(t.db, 'Alpha Guards');
    for (let i = 0; i < 20; i += 1) await createSite(t.db, company, { name: `Site number ${i}` });
    const token = await signIn(t.app, 'root@example.com', PASSWORD);
    const large = await t.app.inject({
      method: 'GET',
      url: '/kgapi/data/residences?limit=500',
      headers: { ...authHeaders(token), 'accept-encoding': 'gzip' },
    });
    expect(large.headers['content-encoding']).toBe('gzip');
    const sites = JSON.parse(gunzipSync(large.rawPayload).toString()) as { resource: unknown[] };
    expect(sites.resource).toHaveLength(20);
    const small = await t.app.inject({
      method: 'GET',
      url: '/kgapi/dashboard/data',
      headers: { ...authHeaders(token), 'accept-encoding': 'gzip' },
    });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().resource.activeSiteCount).toBe(20);
  });
});

import { describe, expect, it } from 'vitest';
import { decideStart, isLoopback, type DatabaseFacts, type StartSettings } from './start-rule.js';

const EMPTY: DatabaseFacts = { hasUsers: false, demoAccounts: false };
const DEMO: DatabaseFacts = { hasUsers: true, demoAccounts: true };
const REAL: DatabaseFacts = { hasUsers: true, demoAccounts: false };
const PG = 'postgres://db/app';

describe('isLoopback', () => {
  it.each(['127.0.0.1', '127.8.9.10', '::1', '[::1]', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', 'localhost', 'LOCALHOST', ' 127.0.0.1 '])(
    '%s is loopback',
    (host) => expect(isLoopback(host)).toBe(true),
  );
  it.each(['0.0.0.0', '::', '10.0.0.5', '192.168.1.2', '::ffff:10.0.0.1', 'example.com', 'app.localhost', '128.0.0.1', ''])(
    '%s is not',
    (host) => expect(isLoopback(host)).toBe(false),
  );
});

describe('decideStart', () => {
  // settings, database, → host, seed, verdict
  const table: Array<[string, StartSettings, DatabaseFacts, string, boolean, 'ok' | 'warn' | 'refuse']> = [
    ['embedded default, empty: loopback, seeds', {}, EMPTY, '127.0.0.1', true, 'ok'],
    ['embedded default, demo accounts: loopback, no second seed', {}, DEMO, '127.0.0.1', false, 'ok'],
    ['embedded, DEMO_DATA=false, empty: no seed', { DEMO_DATA: false }, EMPTY, '127.0.0.1', false, 'ok'],
    ['embedded, HOST=localhost: loopback', { HOST: 'localhost' }, EMPTY, 'localhost', true, 'ok'],
    ['embedded, public, would seed: refused', { HOST: '0.0.0.0' }, EMPTY, '0.0.0.0', true, 'refuse'],
    ['embedded, public, demo accounts found: refused', { HOST: '0.0.0.0' }, DEMO, '0.0.0.0', false, 'refuse'],
    ['embedded, public, DEMO_DATA=false, demo accounts found: refused', { HOST: '::', DEMO_DATA: false }, DEMO, '::', false, 'refuse'],
    ['embedded, public, DEMO_DATA=false, empty: nothing to fear', { HOST: '0.0.0.0', DEMO_DATA: false }, EMPTY, '0.0.0.0', false, 'ok'],
    ['embedded, public, DEMO_DATA=true, empty: seeds and warns', { HOST: '0.0.0.0', DEMO_DATA: true }, EMPTY, '0.0.0.0', true, 'warn'],
    ['embedded, public, DEMO_DATA=true, demo found: warns', { HOST: '10.1.2.3', DEMO_DATA: true }, DEMO, '10.1.2.3', false, 'warn'],
    ['embedded, public, real users only', { HOST: '0.0.0.0' }, REAL, '0.0.0.0', false, 'ok'],
    ['PostgreSQL default, empty: every interface, no seed', { DATABASE_URL: PG }, EMPTY, '0.0.0.0', false, 'ok'],
    ['PostgreSQL default, real users', { DATABASE_URL: PG }, REAL, '0.0.0.0', false, 'ok'],
    ['PostgreSQL default, demo accounts found: refused', { DATABASE_URL: PG }, DEMO, '0.0.0.0', false, 'refuse'],
    ['PostgreSQL, DEMO_DATA=true, empty: seeds and warns', { DATABASE_URL: PG, DEMO_DATA: true }, EMPTY, '0.0.0.0', true, 'warn'],
    ['PostgreSQL, DEMO_DATA=true, demo found: warns', { DATABASE_URL: PG, DEMO_DATA: true }, DEMO, '0.0.0.0', false, 'warn'],
    ['PostgreSQL, DEMO_DATA=true, real users: no seed, ok', { DATABASE_URL: PG, DEMO_DATA: true }, REAL, '0.0.0.0', false, 'ok'],
    ['PostgreSQL, loopback, demo found', { DATABASE_URL: PG, HOST: '127.0.0.1' }, DEMO, '127.0.0.1', false, 'ok'],
    ['PostgreSQL, loopback, DEMO_DATA=true, empty', { DATABASE_URL: PG, HOST: '::1', DEMO_DATA: true }, EMPTY, '::1', true, 'ok'],
  ];

  it.each(table)('%s', (_what, settings, facts, host, seed, verdict) => {
    const d = decideStart(settings, facts);
    expect({ host: d.host, seed: d.seed, verdict: d.verdict }).toEqual({ host, seed, verdict });
    expect(d.loopback).toBe(isLoopback(host));
    expect(d.demoAccounts).toBe(facts.demoAccounts || seed);
    // Only refuse and warn have something to say.
    expect(Boolean(d.message)).toBe(verdict !== 'ok');
  });

  it('a refusal says why and every way out; a warning says who can sign in', () => {
    const found = decideStart({ HOST: '0.0.0.0' }, DEMO).message!;
    expect(found).toMatch(/^Refusing to start: HOST=0\.0\.0\.0 is reachable from other machines and the database holds demo accounts/);
    expect(found).toContain('HOST=127.0.0.1');
    expect(found).toContain('change their passwords');
    expect(found).toContain('DEMO_DATA=true');
    const wouldSeed = decideStart({ HOST: '0.0.0.0' }, EMPTY).message!;
    expect(wouldSeed).toContain('it would seed demo accounts');
    expect(wouldSeed).toContain('DEMO_DATA=false');
    const warn = decideStart({ HOST: '0.0.0.0', DEMO_DATA: true }, DEMO).message!;
    expect(warn).toMatch(/^DEMO MODE: listening on 0\.0\.0\.0/);
    expect(warn).toContain('Anyone who reaches this server can sign in as admin');
    expect(decideStart({ HOST: '0.0.0.0', DEMO_DATA: true }, EMPTY).message).toContain('it seeds demo accounts');
    // The published password itself is never logged.
    for (const m of [found, wouldSeed, warn]) expect(m).not.toContain('Demo1234!');
  });
});

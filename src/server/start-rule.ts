import { BlockList, isIP } from 'node:net';

/**
 * Where the server listens, whether it seeds the demo firm, and whether it may start at all: the
 * demo accounts share one published password (README), so a server that other machines can reach
 * must not hold them unless its operator says so (DEMO_DATA=true), and then it says so loudly.
 * Pure: main.ts gathers the inputs (the environment and what the database holds) and acts on it.
 */
export interface StartSettings {
  /** HOST as given; unset picks loopback for the embedded database, every interface for PostgreSQL. */
  HOST?: string;
  DATABASE_URL?: string;
  /** DEMO_DATA as given (undefined when unset). */
  DEMO_DATA?: boolean;
}

export interface DatabaseFacts {
  /** The database holds at least one user (the seed fills only an empty one). */
  hasUsers: boolean;
  /** A demo account (a demo e-mail that still has the published password) is in the database. */
  demoAccounts: boolean;
}

export interface StartDecision {
  host: string;
  /** Only this machine can reach the server. */
  loopback: boolean;
  /** Seed the demo firm (only ever into a database without users). */
  seed: boolean;
  /** The server will hold demo accounts once started (found, or about to be seeded). */
  demoAccounts: boolean;
  /**
   * refuse: demo accounts on a reachable host without DEMO_DATA=true; warn: the same, asked for
   * (logged at every start, and the app shows a demo banner); ok otherwise.
   */
  verdict: 'ok' | 'warn' | 'refuse';
  /** What to log for refuse and warn. */
  message?: string;
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** 127.0.0.0/8 and ::1 (in any spelling, IPv4-mapped or in brackets), and the name localhost. */
export function isLoopback(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost') return true;
  const family = isIP(h);
  return family !== 0 && LOOPBACK.check(h, family === 4 ? 'ipv4' : 'ipv6');
}

export function decideStart(settings: StartSettings, facts: DatabaseFacts): StartDecision {
  const embedded = !settings.DATABASE_URL;
  const host = settings.HOST ?? (embedded ? '127.0.0.1' : '0.0.0.0');
  const loopback = isLoopback(host);
  // The embedded database is the try-it-out default: it seeds unless told not to. A PostgreSQL
  // database is someone's real one: it is seeded only when asked.
  const seed = (settings.DEMO_DATA ?? embedded) && !facts.hasUsers;
  const demoAccounts = facts.demoAccounts || seed;
  const base = { host, loopback, seed, demoAccounts };
  if (loopback || !demoAccounts) return { ...base, verdict: 'ok' };
  const found = 'the database holds demo accounts whose password is published in the README';
  if (settings.DEMO_DATA === true)
    return {
      ...base,
      verdict: 'warn',
      message: `DEMO MODE: listening on ${host}, reachable from other machines, and ${facts.demoAccounts ? found : 'it seeds demo accounts whose password is published in the README'} (DEMO_DATA=true). Anyone who reaches this server can sign in as admin. Do not keep real data here.`,
    };
  const what = facts.demoAccounts ? found : 'it would seed demo accounts whose password is published in the README';
  return {
    ...base,
    verdict: 'refuse',
    message:
      `Refusing to start: HOST=${host} is reachable from other machines and ${what}. ` +
      `Listen on this machine only (HOST=127.0.0.1), ` +
      (facts.demoAccounts ? 'remove the demo accounts or change their passwords, ' : 'start without demo data (DEMO_DATA=false), ') +
      'or set DEMO_DATA=true to run a public demo on purpose.',
  };
}

// `npm run admin:create -- --email <e-mail> --name <full name> [--force]`: the first administrator,
// on the database the server uses (DATABASE_URL, else the embedded one in DATA_DIR). The password
// is asked for, or read from ADMIN_PASSWORD (scripts). docs/operations.md.
import { parseArgs } from 'node:util';
import { registerSchema } from '../src/domain/modules/auth/auth.schema.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';
import { adminExists, spendSetupCodes, upsertAdmin } from '../src/server/modules/auth/first-admin.js';

// The sign-up's rules, in the operator's words.
const RULES: Record<string, string> = {
  password_short: 'the password needs at least 8 characters',
  password_long: 'the password may have at most 128 characters',
  password_common: 'the password is one of the most common ones; choose another',
  email: 'the e-mail address is not valid',
  required: 'the name needs at least 2 characters',
};

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

/** Reads a password without echoing it (a terminal), or the first line of what is piped in. */
async function askPassword(question: string): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    let text = '';
    for await (const chunk of stdin) text += String(chunk);
    return text.split(/\r?\n/)[0] ?? '';
  }
  process.stdout.write(question);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  return new Promise((resolve) => {
    let value = '';
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stdout.write('\n');
          return resolve(value);
        }
        if (ch === '\u0003') fail('\nCancelled.', 130);
        value = ch === '\u007f' || ch === '\b' ? value.slice(0, -1) : value + ch;
      }
    };
    stdin.on('data', onData);
  });
}

const usage = 'usage: npm run admin:create -- --email <e-mail> --name <full name> [--force]   (password: asked, or ADMIN_PASSWORD)';
let args;
try {
  args = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' }, force: { type: 'boolean', default: false } } }).values;
} catch (err) {
  fail(`${(err as Error).message}\n${usage}`, 2);
}
if (!args.email || !args.name) fail(usage, 2);

let password = process.env.ADMIN_PASSWORD;
if (!password) {
  password = await askPassword('Password for the administrator: ');
  if (process.stdin.isTTY && (await askPassword('The same password again: ')) !== password)
    fail('The two passwords differ; nothing was created.');
}
const parsed = registerSchema.safeParse({ fullName: args.name, email: args.email, password });
if (!parsed.success) fail(`Refused: ${[...new Set(parsed.error.issues.map((i) => RULES[i.message] ?? i.message))].join('; ')}.`);

const config = loadConfig();
let database;
try {
  database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.dataDir,
    connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
    poolMax: 1,
  });
} catch (err) {
  fail((err as Error).message);
}
try {
  if ((await adminExists(database.db)) && !args.force) {
    await database.close();
    fail('An administrator already exists; nothing was changed. Add --force to make this account an administrator anyway.');
  }
  const user = await upsertAdmin(database.db, { email: parsed.data.email, fullName: parsed.data.fullName, password: parsed.data.password });
  await spendSetupCodes(database.db);
  const where = database.kind === 'postgres' ? 'PostgreSQL' : `the embedded database (${config.dataDir})`;
  console.log(`Administrator ${user.email} is ready in ${where}; sign in with that e-mail and the password given.`);
} finally {
  await database.close();
}

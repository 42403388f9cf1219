// `npm run organiser` (scripts/organiser.mjs, issue #31) against the real Auth emulator, run as the child process an
// organiser would run: grant → an e-mail/password sign-in's ID token carries organiser: true; revoke → a fresh
// sign-in's does not, the account's other claims survive both, its refresh tokens are revoked; the failures say
// what to do and exit non-zero. The real-project path (a service-account key file → an OAuth token → the Identity
// Toolkit) runs too, against the emulator (it accepts any "ya29." token as the owner's) and a local stand-in for
// Google's token endpoint that checks the key's signature: only the base URL differs from production.
import { spawn } from 'node:child_process';
import { createVerify, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ORGANISER, emulatorTarget, grantOrganiser } from '../../scripts/organiser.mjs';
import { adminGet } from './env';

const AUTH = process.env.FIREBASE_AUTH_EMULATOR_HOST;
if (!AUTH) throw new Error('Run integration tests through scripts/with-emulators.mjs (npm run test:integration): no FIREBASE_AUTH_EMULATOR_HOST.');
const API = `http://${AUTH}/identitytoolkit.googleapis.com`;
const run = Date.now().toString(36);
const email = (name: string): string => `${name}-${run}@example.org`;
const PASSWORD = 'correct-horse-7';

type Claims = Record<string, unknown>;
const payloadOf = (jwt: string): Claims => JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as Claims;

async function post<T>(url: string, body: unknown, admin = false): Promise<{ status: number; json: T }> {
  const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(admin ? { Authorization: 'Bearer owner' } : {}) }, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as T };
}

/** An e-mail/password sign-in as the app makes it (API key request): the claims of the ID token it is given. */
async function signIn(address: string, password = PASSWORD): Promise<{ claims: Claims; refreshToken: string }> {
  const { status, json } = await post<{ idToken: string; refreshToken: string }>(`${API}/v1/accounts:signInWithPassword?key=test`, { email: address, password, returnSecureToken: true });
  expect(status, `sign-in as ${address}`).toBe(200);
  return { claims: payloadOf(json.idToken), refreshToken: json.refreshToken };
}

/** The project the Auth emulator runs (where API-key sign-ins land): what an anonymous sign-up's token names. */
async function emulatorProject(): Promise<string> {
  const { json } = await post<{ idToken: string }>(`${API}/v1/accounts:signUp?key=test`, {});
  return String(payloadOf(json.idToken).aud);
}

type Account = { localId: string; customAttributes?: string; validSince?: string };
async function account(address: string): Promise<Account | undefined> {
  const { json } = await post<{ users?: Account[] }>(`${API}/v1/projects/${project}/accounts:lookup`, { email: [address] }, true);
  return json.users?.[0];
}

type Cli = { status: number | null; stdout: string; stderr: string };
/** The CLI as a child process (async: the token endpoint stand-in answers from this process meanwhile). */
function cli(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Cli> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/organiser.mjs', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

let project = '';
beforeAll(async () => {
  project = await emulatorProject();
});

describe('npm run organiser (Auth emulator)', () => {
  it('grant --password creates the account; its sign-in carries organiser: true; granting again changes nothing', async () => {
    const who = email('grant');
    const res = await cli(['grant', who, '--password', PASSWORD]);
    expect(res.stderr).toBe('');
    expect(res.status).toBe(0);
    expect(res.stdout).toContain(`Created ${who}`);
    expect(res.stdout).toContain(`project ${project}`);
    expect((await signIn(who)).claims.organiser).toBe(true);

    const again = await cli(['grant', who.toUpperCase(), '--password', 'another-password']);
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('was already an organiser');
    expect(again.stdout).toContain('password was left unchanged');
    expect((await signIn(who)).claims.organiser).toBe(true); // the old password still signs in
  });

  it('revoke: a fresh sign-in has no claim, other claims are kept, refresh tokens are revoked', async () => {
    const who = email('revoke');
    const created = await post<{ localId: string }>(`${API}/v1/projects/${project}/accounts`, { email: who, password: PASSWORD }, true);
    expect(created.status).toBe(200);
    const otherClaims = { role: 'host', venues: ['fox-theatre'] };
    // validSince an hour back (creation set it to now): only the revocation below can move it to now again.
    const anHourAgo = String(Math.floor(Date.now() / 1000) - 3600);
    await post(`${API}/v1/projects/${project}/accounts:update`, { localId: created.json.localId, customAttributes: JSON.stringify(otherClaims), validSince: anHourAgo }, true);
    expect((await account(who))?.validSince).toBe(anHourAgo);

    // grant without --password on an existing account: claim added, the others kept
    const granted = await cli(['grant', who]);
    expect(granted.status).toBe(0);
    expect(granted.stdout).toContain('other claims kept: role, venues');
    const before = await signIn(who);
    expect(before.claims).toMatchObject({ ...otherClaims, organiser: true });

    const revokedAt = Math.floor(Date.now() / 1000);
    const revoked = await cli(['revoke', who]);
    expect(revoked.status).toBe(0);
    expect(revoked.stdout).toContain('is no longer an organiser');
    expect(revoked.stdout).toContain('until they refresh (at most 1 hour');
    expect(revoked.stdout).toContain('refresh tokens were revoked');

    const after = await signIn(who);
    expect(after.claims.organiser).toBeUndefined();
    expect(after.claims).toMatchObject(otherClaims);
    expect(JSON.parse((await account(who))?.customAttributes ?? 'null')).toEqual(otherClaims);
    expect(Number((await account(who))?.validSince)).toBeGreaterThanOrEqual(revokedAt);
    // The emulator does not enforce validSince on refresh (a real project refuses the refresh); there the device's
    // next refresh brings a token without the claim.
    const refreshed = await fetch(`http://${AUTH}/securetoken.googleapis.com/v1/token?key=test`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: before.refreshToken }),
    });
    expect(payloadOf(((await refreshed.json()) as { id_token: string }).id_token).organiser).toBeUndefined();

    const twice = await cli(['revoke', who]);
    expect(twice.status).toBe(0);
    expect(twice.stdout).toContain('was not an organiser');
  });

  it('an unknown e-mail without --password fails, says to pass --password, and creates nothing', async () => {
    const who = email('unknown');
    const res = await cli(['grant', who]);
    expect(res.status).toBe(1);
    expect(res.stderr).toContain(`No account for ${who}`);
    expect(res.stderr).toContain('Pass --password');
    expect(await account(who)).toBeUndefined();
    expect((await cli(['revoke', who])).status).toBe(1);
  });

  it('an invalid e-mail, a short password and bad arguments exit 2 before any request', async () => {
    const bad = await cli(['grant', 'not-an-email', '--password', PASSWORD]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('"not-an-email" is not a valid e-mail address');
    const short = await cli(['grant', email('short'), '--password', '12345']);
    expect(short.status).toBe(2);
    expect(short.stderr).toContain('at least 6 characters');
    expect(await account(email('short'))).toBeUndefined();
    expect((await cli(['promote', email('x')])).status).toBe(2);
    expect((await cli(['grant'])).status).toBe(2);
  });

  it('no Auth emulator running: says so and exits 3', async () => {
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const { port } = probe.address() as AddressInfo;
    await new Promise((r) => probe.close(r)); // a port nothing listens on now
    const res = await cli(['grant', email('nobody'), '--password', PASSWORD], { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${port}` });
    expect(res.status).toBe(3);
    expect(res.stderr).toContain(`No Auth emulator answers at 127.0.0.1:${port}`);
  });

  it("npm start's call (the module, in the emulator's project) makes an organiser who signs in with the printed password", async () => {
    // What scripts/start.mjs runs after the emulators start (twice, as against an emulator that kept its accounts),
    // with a run-unique address: the e2e suites share this Auth emulator under npm test.
    const who = email('demo');
    for (let i = 0; i < 2; i += 1) await grantOrganiser(who, { password: DEMO_ORGANISER.password, target: emulatorTarget(AUTH, project) });
    expect((await signIn(who, DEMO_ORGANISER.password)).claims.organiser).toBe(true);
    expect(DEMO_ORGANISER.email).toBe('organiser@example.org'); // what README and npm start's output name
  });

  it('list shows the organisers and no one else', async () => {
    const yes = email('list-yes');
    const no = email('list-no');
    expect((await cli(['grant', yes, '--password', PASSWORD])).status).toBe(0);
    await post(`${API}/v1/projects/${project}/accounts`, { email: no, password: PASSWORD }, true);
    const res = await cli(['list']);
    expect(res.status).toBe(0);
    expect(res.stdout).toContain(yes);
    expect(res.stdout).not.toContain(no);
  });
});

describe('npm run organiser (the real-project path: key file → OAuth token → Identity Toolkit)', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const dir = mkdtempSync(path.join(tmpdir(), 'ts-organiser-'));
  const servers: Server[] = [];
  let tokenUri = '';
  let toolkit = ''; // the Identity Toolkit as the CLI sees it: a recording pass-through to the emulator's
  const assertions: Claims[] = [];
  const requests: { bearer: string; quotaProject: string | undefined }[] = [];

  const listen = async (server: Server): Promise<string> => {
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  const bodyOf = (req: NodeJS.ReadableStream): Promise<string> =>
    new Promise((resolve) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => resolve(body));
    });

  beforeAll(async () => {
    // Google's token endpoint, as far as this path needs it: a JWT-bearer grant signed by the key on file, or a
    // person's refresh token (gcloud's application-default credentials).
    tokenUri = `${await listen(
      createServer((req, res) => {
        void bodyOf(req).then((body) => {
          const form = new URLSearchParams(body);
          const [header = '', payload = '', signature = ''] = (form.get('assertion') ?? '').split('.');
          const signed = form.get('grant_type') === 'urn:ietf:params:oauth:grant-type:jwt-bearer' && createVerify('RSA-SHA256').update(`${header}.${payload}`).verify(publicKey, Buffer.from(signature, 'base64url'));
          const refreshed = form.get('grant_type') === 'refresh_token' && form.get('refresh_token') === `rt-${run}` && form.get('client_id') === 'gcloud-client';
          res.setHeader('Content-Type', 'application/json');
          if (!signed && !refreshed) {
            res.statusCode = 400;
            res.end(JSON.stringify({ error: 'invalid_grant', error_description: 'Invalid JWT Signature.' }));
            return;
          }
          if (signed) assertions.push(payloadOf(`.${payload}`));
          res.end(JSON.stringify({ access_token: `ya29.${signed ? 'sa' : 'person'}-${run}`, expires_in: 3599, token_type: 'Bearer' }));
        });
      }),
    )}/token`;
    toolkit = await listen(
      createServer((req, res) => {
        requests.push({ bearer: String(req.headers.authorization), quotaProject: req.headers['x-goog-user-project'] as string | undefined });
        void bodyOf(req).then(async (body) => {
          const upstream = await fetch(`${API}${req.url ?? ''}`, { method: req.method ?? 'GET', headers: { Authorization: String(req.headers.authorization), 'Content-Type': 'application/json' }, ...(body ? { body } : {}) });
          res.statusCode = upstream.status;
          res.setHeader('Content-Type', 'application/json');
          res.end(await upstream.text());
        });
      }),
    );
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
    rmSync(dir, { recursive: true, force: true });
  });

  /** The environment of someone pointing the CLI at a real project (no emulator variables). */
  function realEnv(settings: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = { ...process.env, IDENTITY_TOOLKIT_URL: toolkit, ...settings };
    for (const k of ['FIREBASE_AUTH_EMULATOR_HOST', 'AUTH_PORT', 'GCLOUD_PROJECT', 'GOOGLE_CLOUD_PROJECT', 'VITE_FIREBASE_PROJECT_ID', 'GOOGLE_CLOUD_QUOTA_PROJECT']) {
      if (!(k in settings)) delete env[k];
    }
    if (!('GOOGLE_OAUTH_ACCESS_TOKEN' in settings)) delete env.GOOGLE_OAUTH_ACCESS_TOKEN;
    if (!('GOOGLE_APPLICATION_CREDENTIALS' in settings)) delete env.GOOGLE_APPLICATION_CREDENTIALS;
    return env;
  }
  function keyFile(name: string, key: string): string {
    const file = path.join(dir, `${name}.json`);
    const sa = { type: 'service_account', project_id: project, private_key_id: 'k1', private_key: key, client_email: `organiser-cli@${project}.iam.gserviceaccount.com`, token_uri: tokenUri };
    writeFileSync(file, JSON.stringify(sa));
    return file;
  }

  it('a service-account key grants and revokes through a signed token grant', async () => {
    const who = email('sa');
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const env = realEnv({ GOOGLE_APPLICATION_CREDENTIALS: keyFile('good', pem) });
    requests.length = 0;
    const granted = await cli(['grant', who, '--password', PASSWORD], env);
    expect(granted.stderr).toBe('');
    expect(granted.status).toBe(0);
    expect(granted.stdout).toContain(`in Firebase project ${project}`); // the key file's project_id
    expect(assertions.at(-1)).toMatchObject({ iss: `organiser-cli@${project}.iam.gserviceaccount.com`, aud: tokenUri });
    expect(String(assertions.at(-1)?.scope)).toContain('https://www.googleapis.com/auth/identitytoolkit');
    // Every admin call carried the minted token; a service account names no quota project (it is in its own).
    expect(requests.length).toBeGreaterThanOrEqual(3); // lookup, create, update
    expect(requests.every((r) => r.bearer === `Bearer ya29.sa-${run}` && r.quotaProject === undefined)).toBe(true);
    expect((await signIn(who)).claims.organiser).toBe(true);

    const revoked = await cli(['revoke', who], env);
    expect(revoked.status).toBe(0);
    expect(revoked.stdout).not.toContain('Auth emulator');
    expect((await signIn(who)).claims.organiser).toBeUndefined();
  });

  it("a person's credentials (gcloud's refresh token, or an access token) also name the project to bill", async () => {
    const file = path.join(dir, 'adc.json');
    writeFileSync(file, JSON.stringify({ type: 'authorized_user', client_id: 'gcloud-client', client_secret: 's', refresh_token: `rt-${run}`, token_uri: tokenUri }));
    const who = email('person');
    requests.length = 0;
    const granted = await cli(['grant', who, '--password', PASSWORD, '--project', project], realEnv({ GOOGLE_APPLICATION_CREDENTIALS: file }));
    expect(granted.status).toBe(0);
    expect(requests.every((r) => r.bearer === `Bearer ya29.person-${run}` && r.quotaProject === project)).toBe(true);
    expect((await signIn(who)).claims.organiser).toBe(true);

    requests.length = 0;
    const revoked = await cli(['revoke', who], realEnv({ GOOGLE_OAUTH_ACCESS_TOKEN: `ya29.cli-${run}`, GCLOUD_PROJECT: project }));
    expect(revoked.status).toBe(0);
    expect(requests.every((r) => r.bearer === `Bearer ya29.cli-${run}` && r.quotaProject === project)).toBe(true);
    expect((await signIn(who)).claims.organiser).toBeUndefined();

    const noProject = await cli(['list'], realEnv({ GOOGLE_OAUTH_ACCESS_TOKEN: `ya29.cli-${run}` }));
    expect(noProject.status).toBe(2);
    expect(noProject.stderr).toContain('Which Firebase project?');
  });

  it('a key the token endpoint refuses: says so and exits 3, nothing created', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const who = email('sa-bad');
    const res = await cli(['grant', who, '--password', PASSWORD], realEnv({ GOOGLE_APPLICATION_CREDENTIALS: keyFile('wrong', other) }));
    expect(res.status).toBe(3);
    expect(res.stderr).toContain('refused the credentials');
    expect(await account(who)).toBeUndefined();
  });
});

describe('npm run organiser -- codes (issue #52)', () => {
  it('makes and stores voting codes for a poll or the night, prints them as CSV with their links, refuses bad arguments', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ts-codes-'));
    const file = path.join(dir, 'codes.csv');
    const res = await cli(['codes', `cli-poll-${run}`, '--count', '5', '--csv', file, '--site', 'https://awards.example']);
    expect(res.status).toBe(0);
    expect(res.stderr).toContain(`Stored 5 voting codes for poll cli-poll-${run}`);
    const rows = readFileSync(file, 'utf8').trim().split('\r\n').map((r) => r.split(',').map((c) => c.replace(/^"|"$/g, '')));
    expect(rows[0]).toEqual(['code', 'short_code', 'link']);
    expect(rows).toHaveLength(6);
    for (const [code, short, link] of rows.slice(1)) {
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{20}$/); // what firestore.rules takes
      expect(short).toBe(code!.replace(/(.{4})(?!$)/g, '$1-'));
      expect(link).toBe(`https://awards.example/poll?id=cli-poll-${run}&code=${code}`);
      const stored = (await adminGet(`voting-codes/${code}`)) as { fields: { poll: { stringValue: string }; issued: { timestampValue: string } } };
      expect(stored.fields.poll.stringValue).toBe(`cli-poll-${run}`);
      expect(Math.abs(Date.parse(stored.fields.issued.timestampValue) - Date.now())).toBeLessThan(60_000);
    }
    const night = await cli(['codes', '--night', '--count', '2']);
    expect(night.status).toBe(0);
    expect(night.stdout.trim().split('\r\n').slice(1).every((r) => /\/vote\?code=[0-9A-Z]{20}"$/.test(r))).toBe(true);
    for (const bad of [['codes', '--count', '3'], ['codes', 'p', '--count', '0'], ['codes', 'p/../x', '--count', '3'], ['codes', 'p']]) {
      expect((await cli(bad)).status).toBe(2);
    }
  });
});

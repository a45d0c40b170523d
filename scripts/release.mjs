// The release's steps (ADR 0034), run alike by the Dockerfile and by CI (which has no Docker engine):
//
//   node scripts/release.mjs package <dir>   after `npm ci && npm run build`: copies what a production
//                                            install runs (the manifests, the lockfile, the builds, the
//                                            migrations, scripts/build.mjs) into <dir>, and there runs
//                                            `npm ci --omit=dev`: production dependencies only.
//   (in <dir>) npm start                     the compiled server with plain node.
//   node scripts/release.mjs check           CI: `npm run build`, `package` into a temporary folder, then
//                                            `npm start` there (NODE_ENV=production, nothing but the
//                                            environment below), and checks that it serves the login page,
//                                            that /api/health/ready answers 200, and that a PDF uploaded in a
//                                            chat is read (in the reading processes the build starts).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What the production install holds, from the repository root. */
const RUNTIME = [
  'package.json',
  'package-lock.json',
  'scripts/build.mjs',
  'apps/api/package.json',
  'apps/api/dist',
  'apps/api/drizzle',
  'apps/web/package.json',
  'apps/web/dist',
  'packages/contract/package.json',
  // A workspace of the lockfile: npm ci wants its manifest, and installs none of it (devDependencies).
  'e2e/package.json',
];

function sh(command, args, cwd) {
  const result = spawnSync(command, args, {
    cwd,
    stdio: 'inherit',
    env: { ...process.env, NODE_LLAMA_CPP_SKIP_DOWNLOAD: 'true' },
  });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal})`);
}

export function packageRelease(target) {
  fs.rmSync(target, { recursive: true, force: true });
  for (const entry of RUNTIME) {
    const from = path.join(ROOT, entry);
    if (!fs.existsSync(from)) throw new Error(`${entry} is missing: run \`npm ci && npm run build\` first`);
    fs.cpSync(from, path.join(target, entry), { recursive: true });
  }
  sh('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], target);
}

// ---- check (CI) ----

const PASSWORD = 'contraseña-de-la-comprobación';

/** A one-page PDF whose text says `text`. */
function pdfSaying(text) {
  const stream = `BT /F1 12 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

function expectStatus(res, status, what) {
  if (res.status !== status) throw new Error(`${what}: expected ${status}, got ${res.status}`);
}

/** Waits for the server's ready line and returns its address. */
function readyUrl(child) {
  return new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      process.stdout.write(`  | ${line.slice(0, 200)}\n`);
      if (!line.startsWith('{')) return;
      const entry = JSON.parse(line);
      if (typeof entry.url === 'string' && entry.msg?.startsWith('Rumbo is ready')) resolve(entry.url);
    });
    child.once('exit', (code) => reject(new Error(`npm start exited (${code}) before it was ready`)));
  });
}

async function check() {
  sh('npm', ['run', 'build'], ROOT);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-release-'));
  const release = path.join(work, 'app');
  try {
    console.log(`release check: packaging into ${release} (npm ci --omit=dev)`);
    packageRelease(release);
    const port = 3000 + Math.floor(Math.random() * 2000) + 5000;
    const base = `http://127.0.0.1:${port}`;
    const child = spawn('npm', ['start'], {
      cwd: release,
      detached: true,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? work,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        DATA_DIR: path.join(work, 'data'),
        BETTER_AUTH_SECRET: 'release-check-secret-release-check-0123',
      },
    });
    try {
      await readyUrl(child);
      const login = await fetch(`${base}/login`);
      expectStatus(login, 200, 'GET /login');
      if (!(await login.text()).includes('<div id="root">')) throw new Error('GET /login is not the web app');
      expectStatus(await fetch(`${base}/api/health/ready`), 200, 'GET /api/health/ready');

      const headers = { origin: base, 'content-type': 'application/json' };
      const email = `comprobacion-${Date.now()}@example.com`;
      const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'Comprobación', email, password: PASSWORD }),
      });
      expectStatus(signUp, 200, 'sign-up');
      const cookie = signUp.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const signedIn = { ...headers, cookie };
      const business = await fetch(`${base}/api/businesses/ideas`, {
        method: 'POST',
        headers: signedIn,
        body: JSON.stringify({
          name: 'Comprobación',
          location: 'España',
          description:
            'Un negocio de prueba que la comprobación de la versión crea para subir un documento y ver que el servidor compilado lo lee en sus procesos de lectura.',
          goal: 'Comprobar la versión',
          extra_info: '',
          team_description: 'Una persona',
          team_size: 1,
          user_position: 'CEO',
          competitor_existence: false,
          competitor_differentiation: '',
          investment: 0,
          investment_currency: 'euro',
        }),
      });
      expectStatus(business, 201, 'POST /api/businesses/ideas');
      const { id: businessId } = await business.json();
      const chat = await fetch(`${base}/api/businesses/${businessId}/chats`, {
        method: 'POST',
        headers: signedIn,
        body: '{}',
      });
      expectStatus(chat, 201, 'POST …/chats');
      const { id: chatId } = await chat.json();
      const form = new FormData();
      form.append('content', 'Revisa el documento');
      form.append('client_message_id', crypto.randomUUID());
      form.append(
        'files',
        new Blob([pdfSaying('Ventas previstas 120000 euros')], { type: 'application/pdf' }),
        'plan.pdf',
      );
      const sent = await fetch(`${base}/api/businesses/${businessId}/chats/${chatId}/messages/stream`, {
        method: 'POST',
        headers: { origin: base, cookie },
        body: form,
      });
      const said = await sent.text();
      expectStatus(sent, 200, `a send with a PDF (${said.slice(0, 200)})`);
      const thread = await (
        await fetch(`${base}/api/businesses/${businessId}/chats/${chatId}`, { headers: { cookie } })
      ).json();
      const attached = thread.messages?.flatMap((m) => m.fileAttachments ?? []) ?? [];
      if (attached.length !== 1) throw new Error('the uploaded PDF is not in the chat');
      console.log('release check: login page, readiness and a PDF read by the compiled server: all good');
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        process.kill(-child.pid, 'SIGTERM');
        await exited;
      }
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

const [command, target] = process.argv.slice(2);
try {
  if (command === 'package' && target) packageRelease(path.resolve(target));
  else if (command === 'check') await check();
  else {
    console.error('Usage: node scripts/release.mjs package <dir> | check');
    process.exit(2);
  }
} catch (error) {
  console.error(`release: ${error.message}`);
  process.exit(1);
}

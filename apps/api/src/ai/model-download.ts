/**
 * `npm run model:download`: makes AI_PROVIDER=local usable (ADR 0010).
 *
 * 1. Installs node-llama-cpp into .local-ai/ (not part of `npm ci`): with the CPU binaries of this
 *    platform only, plus the CUDA and Vulkan ones when an NVIDIA GPU is present (`--gpu` forces them).
 * 2. Downloads the default model (DEFAULT_LOCAL_MODEL) into $DATA_DIR/models/ with a progress bar,
 *    resuming a partial download. `--url URL` downloads another GGUF; `--runtime-only` skips the model.
 *
 * With no AI_PROVIDER set, the server then uses the model it finds in $DATA_DIR/models/.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { loadEnvOrExit } from '../env.ts';
import { modelsDir } from './assistant.ts';
import { importNodeLlamaCpp, LOCAL_AI_RUNTIME_DIR, NODE_LLAMA_CPP_VERSION } from './local-model.ts';

/** Qwen2.5 1.5B Instruct (Apache 2.0, multilingual with good Spanish), 4-bit: about 1.1 GB. */
export const DEFAULT_LOCAL_MODEL = {
  name: 'Qwen2.5-1.5B-Instruct (Q4_K_M)',
  file: 'qwen2.5-1.5b-instruct-q4_k_m.gguf',
  url: 'https://huggingface.co/Qwen/Qwen2.5-1.5B-Instruct-GGUF/resolve/main/qwen2.5-1.5b-instruct-q4_k_m.gguf',
};

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

function platformPackages(): string[] {
  const gpu = flag('--gpu') || fs.existsSync('/proc/driver/nvidia/version');
  const { platform, arch } = process;
  if (platform === 'linux' && arch === 'x64') {
    return ['linux-x64', ...(gpu ? ['linux-x64-cuda', 'linux-x64-cuda-ext', 'linux-x64-vulkan'] : [])];
  }
  if (platform === 'linux' && arch === 'arm64') return ['linux-arm64'];
  if (platform === 'darwin') return [arch === 'arm64' ? 'mac-arm64-metal' : 'mac-x64'];
  if (platform === 'win32' && arch === 'x64') {
    return ['win-x64', ...(gpu ? ['win-x64-cuda', 'win-x64-cuda-ext', 'win-x64-vulkan'] : [])];
  }
  return [];
}

async function installRuntime(): Promise<void> {
  if (await importNodeLlamaCpp()) {
    console.log(`node-llama-cpp is installed (${LOCAL_AI_RUNTIME_DIR}).`);
    return;
  }
  fs.mkdirSync(LOCAL_AI_RUNTIME_DIR, { recursive: true });
  const manifest = path.join(LOCAL_AI_RUNTIME_DIR, 'package.json');
  if (!fs.existsSync(manifest)) {
    fs.writeFileSync(manifest, `${JSON.stringify({ name: 'rumbo-local-ai', private: true }, null, 2)}\n`);
  }
  const binaries = platformPackages().map((p) => `@node-llama-cpp/${p}@${NODE_LLAMA_CPP_VERSION}`);
  // Without a known platform, npm installs every prebuilt binary (optional dependencies).
  const omit = binaries.length > 0 ? ['--omit=optional'] : [];
  console.log(`Installing node-llama-cpp ${NODE_LLAMA_CPP_VERSION} into ${LOCAL_AI_RUNTIME_DIR} …`);
  const result = spawnSync(
    process.platform === 'win32' ? 'npm.cmd' : 'npm',
    // The prebuilt binaries come from the npm packages above: without install scripts, node-llama-cpp's
    // postinstall never tries to download or compile llama.cpp.
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      ...omit,
      `node-llama-cpp@${NODE_LLAMA_CPP_VERSION}`,
      ...binaries,
    ],
    { cwd: LOCAL_AI_RUNTIME_DIR, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('npm could not install node-llama-cpp');
}

const MB = 1024 * 1024;

function bar(done: number, total: number | null, started: number): string {
  const speed = done / MB / Math.max(0.001, (performance.now() - started) / 1000);
  if (!total) return `${(done / MB).toFixed(0)} MB  ${speed.toFixed(1)} MB/s`;
  const width = 30;
  const filled = Math.round((done / total) * width);
  return `[${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${((done / total) * 100).toFixed(1).padStart(5)} %  ${(done / MB).toFixed(0)}/${(total / MB).toFixed(0)} MB  ${speed.toFixed(1)} MB/s`;
}

/** Downloads `url` to `target`, resuming a `.part` file, with a progress bar on the terminal. */
export async function download(url: string, target: string): Promise<void> {
  const partial = `${target}.part`;
  const have = fs.existsSync(partial) ? fs.statSync(partial).size : 0;
  const res = await fetch(url, { headers: have > 0 ? { range: `bytes=${have}-` } : {} });
  if (!res.ok || !res.body) throw new Error(`download failed: HTTP ${res.status} for ${url}`);
  const resumed = res.status === 206;
  const length = Number(res.headers.get('content-length') ?? 0) || null;
  const total = length === null ? null : length + (resumed ? have : 0);
  const out = fs.createWriteStream(partial, { flags: resumed ? 'a' : 'w' });
  let done = resumed ? have : 0;
  const started = performance.now();
  let lastPrint = 0;
  const print = () => process.stdout.write(`\r${bar(done, total, started)}`);
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    done += chunk.byteLength;
    if (performance.now() - lastPrint > 200) {
      lastPrint = performance.now();
      print();
    }
  }
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
  print();
  process.stdout.write('\n');
  if (total !== null && done !== total) throw new Error(`download incomplete: ${done} of ${total} bytes`);
  fs.renameSync(partial, target);
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('model-download.ts')) {
  const env = loadEnvOrExit();
  try {
    await installRuntime();
    if (!flag('--runtime-only')) {
      const url = option('--url') ?? DEFAULT_LOCAL_MODEL.url;
      const file = option('--url') ? path.basename(new URL(url).pathname) : DEFAULT_LOCAL_MODEL.file;
      const target = path.join(modelsDir(env), file);
      fs.mkdirSync(modelsDir(env), { recursive: true });
      if (fs.existsSync(target)) {
        console.log(`The model is already downloaded: ${target}`);
      } else {
        console.log(
          `Downloading ${option('--url') ? file : DEFAULT_LOCAL_MODEL.name} into ${modelsDir(env)} …`,
        );
        await download(url, target);
        console.log(`Done: ${target}`);
      }
      console.log(
        'Start the app with `npm start`: without AI_PROVIDER it uses this model (AI_PROVIDER=local).',
      );
    }
  } catch (error) {
    console.error(`model:download failed: ${(error as Error).message}`);
    process.exit(1);
  }
}

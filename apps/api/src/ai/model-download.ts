/**
 * `npm run model:download`: makes AI_PROVIDER=local usable (ADR 0010).
 *
 * 1. Installs node-llama-cpp into .local-ai/ (not part of `npm ci`): with the CPU binaries of this
 *    platform only, plus the CUDA and Vulkan ones when an NVIDIA GPU is present (`--gpu` forces them).
 * 2. Downloads the default model (DEFAULT_LOCAL_MODEL) into $DATA_DIR/models/ with node-llama-cpp's own
 *    downloader (a progress bar, resuming a partial download). `--url URL` downloads another GGUF;
 *    `--runtime-only` skips the model.
 *
 * With no AI_PROVIDER set, the server then uses the model it finds in $DATA_DIR/models/.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Env, loadEnvOrExit } from '../env.ts';
import { modelsDir } from './assistant.ts';
import { importNodeLlamaCpp, LOCAL_AI_RUNTIME_DIR, NODE_LLAMA_CPP_VERSION } from './local-model.ts';

/** Qwen2.5 1.5B Instruct (Apache 2.0, multilingual with good Spanish), 4-bit: about 1.1 GB. */
const DEFAULT_LOCAL_MODEL = {
  name: 'Qwen2.5-1.5B-Instruct (Q4_K_M)',
  file: 'qwen2.5-1.5b-instruct-q4_k_m.gguf',
  url: 'https://huggingface.co/Qwen/Qwen2.5-1.5B-Instruct-GGUF/resolve/main/qwen2.5-1.5b-instruct-q4_k_m.gguf',
};

export interface DownloadArgs {
  runtimeOnly: boolean;
  gpu: boolean;
  /** The GGUF to download: the default model, or `--url`'s with the file name its address ends in. */
  model: { name: string; file: string; url: string };
}

/** The command line (`process.argv.slice(2)`); an unknown option or a missing `--url` value throws. */
export function parseDownloadArgs(args: string[]): DownloadArgs {
  const { values } = parseArgs({
    args,
    options: {
      'runtime-only': { type: 'boolean', default: false },
      gpu: { type: 'boolean', default: false },
      url: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  const url = values.url;
  const file = url ? path.basename(new URL(url).pathname) : undefined;
  return {
    runtimeOnly: values['runtime-only'],
    gpu: values.gpu,
    model: url && file ? { name: file, file, url } : DEFAULT_LOCAL_MODEL,
  };
}

/** The @node-llama-cpp binary packages for this platform (none known: npm installs every one). */
export function platformPackages(gpu: boolean, platform = process.platform, arch = process.arch): string[] {
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

async function installRuntime(gpu: boolean): Promise<void> {
  if (await importNodeLlamaCpp()) {
    console.log(`node-llama-cpp is installed (${LOCAL_AI_RUNTIME_DIR}).`);
    return;
  }
  fs.mkdirSync(LOCAL_AI_RUNTIME_DIR, { recursive: true });
  const manifest = path.join(LOCAL_AI_RUNTIME_DIR, 'package.json');
  if (!fs.existsSync(manifest)) {
    fs.writeFileSync(manifest, `${JSON.stringify({ name: 'rumbo-local-ai', private: true }, null, 2)}\n`);
  }
  const withGpu = gpu || fs.existsSync('/proc/driver/nvidia/version');
  const binaries = platformPackages(withGpu).map((p) => `@node-llama-cpp/${p}@${NODE_LLAMA_CPP_VERSION}`);
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

/** Downloads the model into $DATA_DIR/models/ unless it is there already (then no network at all). */
async function downloadModel(env: Env, model: DownloadArgs['model']): Promise<void> {
  const dir = modelsDir(env);
  const target = path.join(dir, model.file);
  if (fs.existsSync(target)) {
    console.log(`The model is already downloaded: ${target}`);
    return;
  }
  const lib = await importNodeLlamaCpp();
  if (!lib) throw new Error('node-llama-cpp is not installed');
  fs.mkdirSync(dir, { recursive: true });
  console.log(`Downloading ${model.name} into ${dir} …`);
  // Its temporary file is only renamed to `target` once complete, so a cut download is resumed next time.
  const downloader = await lib.createModelDownloader({
    modelUri: model.url,
    dirPath: dir,
    fileName: model.file,
    showCliProgress: true,
  });
  console.log(`Done: ${await downloader.download()}`);
}

async function main(): Promise<void> {
  let args: DownloadArgs;
  try {
    args = parseDownloadArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`model:download: ${(error as Error).message}`);
    console.error('Usage: npm run model:download [-- --runtime-only] [-- --gpu] [-- --url URL]');
    process.exit(2);
  }
  const env = loadEnvOrExit();
  try {
    await installRuntime(args.gpu);
    if (!args.runtimeOnly) {
      await downloadModel(env, args.model);
      console.log(
        'Start the app with `npm start`: without AI_PROVIDER it uses this model (AI_PROVIDER=local).',
      );
    }
  } catch (error) {
    console.error(`model:download failed: ${(error as Error).message}`);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}` || /model-download\.[jt]s$/.test(process.argv[1] ?? '')) {
  await main();
}

import { describe, expect, it } from 'vitest';
import { parseDownloadArgs, platformPackages } from './model-download.ts';

describe('npm run model:download', () => {
  it('downloads the default model unless told otherwise', () => {
    expect(parseDownloadArgs([])).toMatchObject({
      runtimeOnly: false,
      gpu: false,
      model: { file: 'qwen2.5-1.5b-instruct-q4_k_m.gguf' },
    });
    expect(parseDownloadArgs(['--runtime-only', '--gpu'])).toMatchObject({ runtimeOnly: true, gpu: true });
  });

  it('names another model after the file its address ends in', () => {
    const url = 'https://example.com/models/tiny-q8_0.gguf?download=true';
    expect(parseDownloadArgs(['--url', url]).model).toEqual({
      name: 'tiny-q8_0.gguf',
      file: 'tiny-q8_0.gguf',
      url,
    });
    expect(parseDownloadArgs([`--url=${url}`]).model.file).toBe('tiny-q8_0.gguf');
  });

  it('refuses an unknown option and a --url without its address', () => {
    expect(() => parseDownloadArgs(['--runtime'])).toThrow();
    expect(() => parseDownloadArgs(['--url'])).toThrow();
    expect(() => parseDownloadArgs(['model.gguf'])).toThrow();
  });

  it('installs only this platform’s binaries, the GPU ones when asked', () => {
    expect(platformPackages(false, 'linux', 'x64')).toEqual(['linux-x64']);
    expect(platformPackages(true, 'linux', 'x64')).toEqual([
      'linux-x64',
      'linux-x64-cuda',
      'linux-x64-cuda-ext',
      'linux-x64-vulkan',
    ]);
    expect(platformPackages(false, 'darwin', 'arm64')).toEqual(['mac-arm64-metal']);
    expect(platformPackages(false, 'freebsd', 'x64')).toEqual([]);
  });
});

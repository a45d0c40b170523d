/**
 * Writes a tiny llama-architecture model in GGUF (v3) with random F32 weights: a few hundred KB that
 * llama.cpp loads and runs, so that the local provider is tested without downloading a model. Its
 * "answers" are Spanish word pieces in a random but repeatable order (greedy decoding, seeded weights).
 */
import fs from 'node:fs';

enum ValueType {
  UINT32 = 4,
  INT32 = 5,
  FLOAT32 = 6,
  STRING = 8,
  ARRAY = 9,
}

const ALIGNMENT = 32;

/** Pieces the tiny model can say ('▁' is SentencePiece's space). */
const PIECES = [
  '▁hola',
  '▁plan',
  '▁clientes',
  '▁precio',
  '▁mercado',
  '▁valida',
  '▁idea',
  '▁ventas',
  '▁equipo',
  '▁margen',
  '▁crecer',
  '▁negocio',
  '▁sí',
  '▁no',
  '▁más',
  '▁paso',
  '▁uno',
  '▁dos',
  '▁con',
  '▁de',
  '▁la',
  '▁el',
  '▁en',
  '▁y',
  '.',
  ',',
  '▁',
];

class Writer {
  private parts: Buffer[] = [];
  length = 0;
  push(buffer: Buffer) {
    this.parts.push(buffer);
    this.length += buffer.length;
  }
  u32(value: number) {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(value);
    this.push(b);
  }
  i32(value: number) {
    const b = Buffer.alloc(4);
    b.writeInt32LE(value);
    this.push(b);
  }
  u64(value: number) {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(value));
    this.push(b);
  }
  f32(value: number) {
    const b = Buffer.alloc(4);
    b.writeFloatLE(value);
    this.push(b);
  }
  str(value: string) {
    const bytes = Buffer.from(value, 'utf8');
    this.u64(bytes.length);
    this.push(bytes);
  }
  pad() {
    const rest = this.length % ALIGNMENT;
    if (rest) this.push(Buffer.alloc(ALIGNMENT - rest));
  }
  toBuffer() {
    return Buffer.concat(this.parts);
  }
}

/** A small seeded PRNG (mulberry32): the same file every time. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function writeTinyGguf(file: string, seed = 7): void {
  const nEmbd = 64;
  const nHead = 4;
  const nFf = 128;
  const tokens = [
    '<unk>',
    '<s>',
    '</s>',
    ...Array.from({ length: 256 }, (_, i) => `<0x${i.toString(16).toUpperCase().padStart(2, '0')}>`),
    ...PIECES,
  ];
  const types = tokens.map((t, i) => (i === 0 ? 2 : i < 3 ? 3 : t.startsWith('<0x') ? 6 : 1));
  const nVocab = tokens.length;
  const rand = random(seed);
  const gauss = (scale: number) => (rand() * 2 - 1) * scale;

  const tensors: Array<{ name: string; dims: number[]; data: Float32Array }> = [];
  const tensor = (name: string, dims: number[], fill: (i: number) => number) => {
    const size = dims.reduce((a, b) => a * b, 1);
    const data = new Float32Array(size);
    for (let i = 0; i < size; i++) data[i] = fill(i);
    tensors.push({ name, dims, data });
  };
  tensor('token_embd.weight', [nEmbd, nVocab], () => gauss(0.5));
  tensor('output_norm.weight', [nEmbd], () => 1);
  // Only word pieces get non-zero output weights: greedy decoding then always says a word, never a
  // control or byte token (their logits stay 0 while some word's is above it).
  tensor('output.weight', [nEmbd, nVocab], (i) => ((types[Math.floor(i / nEmbd)] ?? 0) === 1 ? gauss(1) : 0));
  tensor('blk.0.attn_norm.weight', [nEmbd], () => 1);
  for (const name of ['attn_q', 'attn_k', 'attn_v', 'attn_output']) {
    tensor(`blk.0.${name}.weight`, [nEmbd, nEmbd], () => gauss(0.2));
  }
  tensor('blk.0.ffn_norm.weight', [nEmbd], () => 1);
  tensor('blk.0.ffn_gate.weight', [nEmbd, nFf], () => gauss(0.2));
  tensor('blk.0.ffn_up.weight', [nEmbd, nFf], () => gauss(0.2));
  tensor('blk.0.ffn_down.weight', [nFf, nEmbd], () => gauss(0.2));

  const w = new Writer();
  const kvs: Array<(w: Writer) => void> = [];
  const kvString = (key: string, value: string) =>
    kvs.push((x) => {
      x.str(key);
      x.u32(ValueType.STRING);
      x.str(value);
    });
  const kvU32 = (key: string, value: number) =>
    kvs.push((x) => {
      x.str(key);
      x.u32(ValueType.UINT32);
      x.u32(value);
    });
  const kvF32 = (key: string, value: number) =>
    kvs.push((x) => {
      x.str(key);
      x.u32(ValueType.FLOAT32);
      x.f32(value);
    });
  kvString('general.architecture', 'llama');
  kvString('general.name', 'rumbo-tiny-random');
  kvU32('general.alignment', ALIGNMENT);
  kvU32('llama.context_length', 8192);
  kvU32('llama.embedding_length', nEmbd);
  kvU32('llama.block_count', 1);
  kvU32('llama.feed_forward_length', nFf);
  kvU32('llama.attention.head_count', nHead);
  kvU32('llama.attention.head_count_kv', nHead);
  kvU32('llama.rope.dimension_count', nEmbd / nHead);
  kvF32('llama.attention.layer_norm_rms_epsilon', 1e-5);
  kvString('tokenizer.ggml.model', 'llama');
  kvs.push((x) => {
    x.str('tokenizer.ggml.tokens');
    x.u32(ValueType.ARRAY);
    x.u32(ValueType.STRING);
    x.u64(tokens.length);
    for (const t of tokens) x.str(t);
  });
  kvs.push((x) => {
    x.str('tokenizer.ggml.scores');
    x.u32(ValueType.ARRAY);
    x.u32(ValueType.FLOAT32);
    x.u64(tokens.length);
    for (let i = 0; i < tokens.length; i++) x.f32(types[i] === 1 ? -i : 0);
  });
  kvs.push((x) => {
    x.str('tokenizer.ggml.token_type');
    x.u32(ValueType.ARRAY);
    x.u32(ValueType.INT32);
    x.u64(tokens.length);
    for (const t of types) x.i32(t);
  });
  kvU32('tokenizer.ggml.unknown_token_id', 0);
  kvU32('tokenizer.ggml.bos_token_id', 1);
  kvU32('tokenizer.ggml.eos_token_id', 2);

  w.push(Buffer.from('GGUF'));
  w.u32(3);
  w.u64(tensors.length);
  w.u64(kvs.length);
  for (const kv of kvs) kv(w);
  let offset = 0;
  for (const t of tensors) {
    w.str(t.name);
    w.u32(t.dims.length);
    for (const d of t.dims) w.u64(d);
    w.u32(0); // F32
    w.u64(offset);
    offset += t.data.byteLength;
    offset = Math.ceil(offset / ALIGNMENT) * ALIGNMENT;
  }
  w.pad();
  for (const t of tensors) {
    w.push(Buffer.from(t.data.buffer));
    w.pad();
  }
  fs.writeFileSync(file, w.toBuffer());
}

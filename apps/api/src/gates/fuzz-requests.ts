import fc from 'fast-check';
import { type Components, fieldValue, hostileValue, type JsonSchema, objectOf } from './arbitraries.ts';
import type { Operation, Parameter } from './fuzz-operations.ts';
import type { Owner } from './world.ts';

/**
 * The fuzzing gate's requests (fuzz.test.ts): for one operation, fast-check cases built from its schemas,
 * mostly the owner's real resources and valid values, partly hostile, and the fetch options that send one.
 */

/** Path segments that are not what a path parameter should be. */
const HOSTILE_SEGMENTS = [
  '0',
  '-1',
  '2147483648',
  '99999999999999999999',
  '1.5',
  '1e3',
  '0x10',
  'NaN',
  'Infinity',
  'abc',
  '%00',
  'a%00b',
  '%',
  '%%',
  '%C0%AF',
  '%F0%9F%92%A5',
  '%ED%A0%80',
  '%2F',
  '%20',
  '..',
  '１',
  'x'.repeat(3000),
];

const encode = (value: unknown) => {
  try {
    return encodeURIComponent(String(value));
  } catch {
    return '%ED%A0%80'; // a lone surrogate, as it would arrive
  }
};

/** The owner's own values for a path parameter, so that requests reach real resources. */
export function ownedValues(owner: Owner, op: Operation, name: string): string[] {
  switch (name) {
    case 'id':
      return [String(op.path.includes('/established/') ? owner.establishedId : owner.ideaId)];
    case 'chatId':
      return [String(owner.chatId)];
    case 'messageId':
      return owner.messageIds.map(String);
    case 'attachmentId':
      return [owner.attachmentId];
    case 'session':
      return [owner.checkoutSessionId];
    case 'shareId':
      return [owner.shareId];
    case 'token':
      return [owner.shareToken];
    default:
      return [];
  }
}

function segment(
  owner: Owner,
  op: Operation,
  parameter: Parameter,
  components: Components,
): fc.Arbitrary<string> {
  const owned = ownedValues(owner, op, parameter.name);
  return fc.oneof(
    ...(owned.length > 0 ? [{ weight: 6, arbitrary: fc.constantFrom(...owned) }] : []),
    { weight: 1, arbitrary: fieldValue(parameter.schema, components).map(encode) },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS) },
  );
}

interface FileSpec {
  name: string;
  type: string;
  data: Uint8Array;
}

export interface Body {
  type: string;
  /** JSON text, form fields, or multipart fields and files. */
  text?: string;
  fields?: Array<[string, string]>;
  files?: Array<[string, FileSpec]>;
}

export const formValue = (value: unknown) =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? '');

/** Real files of each kind the app reads, so that uploads reach its parsers as well as its refusals. */
export interface Samples {
  png: Uint8Array;
  pdf: Uint8Array;
  docx: Uint8Array;
}

/** A form's file fields, and the schema of its other fields. */
export function splitFiles(schema: JsonSchema): { files: Array<[string, JsonSchema]>; plain: JsonSchema } {
  const files = Object.entries(schema.properties ?? {}).filter(
    ([, s]) => s.format === 'binary' || s.items?.format === 'binary' || s.type === undefined,
  );
  const plain = {
    ...schema,
    properties: Object.fromEntries(
      Object.entries(schema.properties ?? {}).filter(([k]) => !files.some(([f]) => f === k)),
    ),
  };
  return { files, plain };
}

function bodyOf(
  type: string,
  schema: JsonSchema,
  components: Components,
  samples: Samples,
): fc.Arbitrary<Body> {
  if (type === 'application/json') {
    return fc.oneof(
      { weight: 8, arbitrary: objectOf(schema, components).map((v) => ({ type, text: JSON.stringify(v) })) },
      { weight: 1, arbitrary: hostileValue.map((v) => ({ type, text: JSON.stringify(v) ?? '' })) },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom('{', '{"a":', '', 'nul', '\u0000', '[', '"\\ud800"', '1e999', '{"content":"\\u0000"}')
          .chain((text) => fc.constantFrom('application/json', 'text/plain').map((t) => ({ type: t, text }))),
      },
    );
  }
  const { files: fileSchemas, plain } = splitFiles(schema);
  const file: fc.Arbitrary<FileSpec> = fc.record({
    name: fc.oneof(
      fc.constantFrom(
        'logo.png',
        'informe.pdf',
        'plan.docx',
        'notas.txt',
        'sin-extension',
        '',
        '../../x.png',
      ),
      fc.string({ unit: 'grapheme', maxLength: 40 }),
    ),
    type: fc.constantFrom('image/png', 'application/pdf', 'text/plain', 'application/octet-stream', ''),
    data: fc.oneof(
      fc.constantFrom(samples.png, samples.pdf, samples.docx),
      fc.uint8Array({ maxLength: 4096 }),
      // A real file cut short or with a byte changed: a parser's edge cases.
      fc
        .tuple(fc.constantFrom(samples.png, samples.pdf, samples.docx), fc.nat(), fc.nat({ max: 255 }))
        .map(([file, at, byte]) => {
          const copy = file.slice(0, 1 + (at % file.length));
          copy[at % copy.length] = byte;
          return copy;
        }),
      fc.string({ maxLength: 200 }).map((s) => new TextEncoder().encode(s)),
      fc.constant(new Uint8Array(0)),
    ),
  });
  // A real file under the field's own name (the upload gets to its parser), or anything.
  const realFile: fc.Arbitrary<FileSpec> = fc.constantFrom(
    { name: 'logo.png', type: 'image/png', data: samples.png },
    { name: 'informe.pdf', type: 'application/pdf', data: samples.pdf },
    {
      name: 'plan.docx',
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      data: samples.docx,
    },
    { name: 'notas.txt', type: 'text/plain', data: new TextEncoder().encode('Notas de la reunión') },
  );
  const names = fileSchemas.map(([name]) => name);
  const files =
    names.length === 0
      ? fc.constant([] as Array<[string, FileSpec]>)
      : fc.oneof(
          fc.array(fc.tuple(fc.constantFrom(...names), realFile), { minLength: 1, maxLength: 2 }),
          fc.array(fc.tuple(fc.constantFrom(...names, 'files[]', 'otro'), file), { maxLength: 3 }),
        );
  return fc.tuple(objectOf(plain, components), files).map(([values, attached]) => ({
    type,
    fields: Object.entries(values).map(([k, v]) => [k, formValue(v)] as [string, string]),
    files: attached,
  }));
}

export interface Case {
  path: string;
  query: Array<[string, string]>;
  body?: Body;
  anonymous: boolean;
  /** Each case from an address of its own: per-address limits do not end the run's reach early. */
  clientIp: string;
}

export function caseOf(
  owner: Owner,
  op: Operation,
  components: Components,
  samples: Samples,
): fc.Arbitrary<Case> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const segments = fc.record(
    Object.fromEntries(pathParams.map((p) => [p.name, segment(owner, op, p, components)])),
  ) as fc.Arbitrary<Record<string, string>>;
  const query = fc.array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...queryParams.map((p) => p.name), 'extra'), fc.string({ maxLength: 8 })),
      fc.oneof(...queryParams.map((p) => fieldValue(p.schema, components)), hostileValue).map(formValue),
    ),
    { maxLength: 3 },
  );
  const body =
    op.bodies.length === 0
      ? fc.constant(undefined)
      : fc.oneof(...op.bodies.map(({ type, schema }) => bodyOf(type, schema, components, samples)));
  return fc
    .record({
      segments,
      query,
      body,
      anonymous: fc.oneof({ weight: 9, arbitrary: fc.constant(false) }, fc.constant(true)),
      clientIp: fc.ipV4(),
    })
    .map(({ segments, query, body, anonymous, clientIp }) => ({
      clientIp,
      path: op.path.replace(/\{(\w+)\}/g, (_, name: string) => segments[name] ?? ''),
      query,
      body,
      anonymous,
    }));
}

export function requestInit(c: Case, method: string, cookie: string): RequestInit {
  const headers = new Headers(c.anonymous ? {} : { cookie });
  if (!c.body) return { method, headers };
  if (c.body.text !== undefined) {
    headers.set('content-type', c.body.type);
    return { method, headers, body: c.body.text };
  }
  if (c.body.type === 'multipart/form-data') {
    const form = new FormData();
    for (const [name, value] of c.body.fields ?? []) form.append(name, value);
    for (const [name, file] of c.body.files ?? []) {
      form.append(name, new Blob([file.data.slice()], { type: file.type }), file.name);
    }
    return { method, headers, body: form };
  }
  headers.set('content-type', c.body.type);
  return { method, headers, body: new URLSearchParams(c.body.fields).toString() };
}

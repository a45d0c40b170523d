import fc from 'fast-check';
import {
  type Components,
  type JsonSchema,
  LONE_SURROGATES,
  LONG_EMAIL,
  resolve,
  validObject,
} from './arbitraries.ts';
import type { Operation } from './fuzz-operations.ts';
import { type Body, type Case, formValue, ownedValues, splitFiles } from './fuzz-requests.ts';
import type { Owner } from './world.ts';

/**
 * The fuzzing gate's fixed cases (fuzz.test.ts): what the edge must stop or make harmless before any
 * handler (ADR 0026), sent to every operation whatever fast-check draws. A request with a body gets JSON
 * nested 10,000 levels deep (objects and arrays), a body that is one string of 1,000,000 characters, and
 * a valid body with a field of that size; then each field in turn, the others valid, gets lone surrogates,
 * a 3,000-character e-mail (or text) and a value of the wrong type; each query and path parameter gets
 * the same kinds of text.
 */

export const DEEP_OBJECT = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
export const DEEP_ARRAY = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
/** Under the 1 MB (1,048,576 bytes) a JSON body may have, so that the edge's own checks answer. */
export const MEGABYTE_TEXT = 'x'.repeat(1_000_000);
const LONG_TEXT = 'ñ'.repeat(3000);
const WRONG_TYPES: unknown[] = [12345, { a: { b: [1] } }, [1, 'x'], null, true, -1, 1e308, ''];
const PATH_SEGMENTS = ['%ED%B0%80', 'x'.repeat(3000), '2147483648'];

const isEmailField = (name: string, schema: JsonSchema) => schema.format === 'email' || /e-?mail/i.test(name);

let addresses = 0;
/** A client address of its own for each case: per-address limits do not answer in place of the edge. */
const nextAddress = () => {
  addresses += 1;
  return `10.${100 + ((addresses >> 16) & 127)}.${(addresses >> 8) & 255}.${addresses & 255}`;
};

export function edgeCases(owner: Owner, op: Operation, components: Components, seed: number): Case[] {
  const pathParams = op.parameters.filter((p) => p.in === 'path').map((p) => p.name);
  const queryParams = op.parameters.filter((p) => p.in === 'query').map((p) => p.name);
  const pathWith = (changed?: string, value?: string) =>
    op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      name === changed ? (value as string) : (ownedValues(owner, op, name)[0] ?? '1'),
    );
  const cases: Case[] = [];
  const add = (body?: Body, path = pathWith(), query: Array<[string, string]> = []) =>
    cases.push({ path, query, body, anonymous: false, clientIp: nextAddress() });

  for (const name of pathParams) for (const value of PATH_SEGMENTS) add(undefined, pathWith(name, value));
  for (const [i, name] of queryParams.entries()) {
    for (const value of [
      LONE_SURROGATES[i % LONE_SURROGATES.length],
      LONG_EMAIL,
      String(WRONG_TYPES[i % WRONG_TYPES.length]),
    ]) {
      add(undefined, pathWith(), [[name, value as string]]);
    }
  }
  if (op.method === 'GET') return cases;

  const json = (text: string): Body => ({ type: 'application/json', text });
  for (const text of [DEEP_OBJECT, DEEP_ARRAY, JSON.stringify(MEGABYTE_TEXT)]) add(json(text));
  const declared = op.bodies[0];
  const isForm = declared !== undefined && declared.type !== 'application/json';
  const schema = declared ? resolve(declared.schema, components) : { type: 'object' };
  const plain = isForm ? splitFiles(schema).plain : schema;
  const fields = Object.entries(plain.properties ?? {});
  const base = fc.sample(validObject(plain, components), { seed, numRuns: 1 })[0] ?? {};
  const bodyOf = (values: Record<string, unknown>): Body =>
    isForm
      ? {
          type: declared?.type ?? 'multipart/form-data',
          fields: Object.entries(values).map(([k, v]) => [k, formValue(v)] as [string, string]),
          files: [],
        }
      : json(JSON.stringify(values));
  const targets: Array<[string, JsonSchema]> = fields.length > 0 ? fields : [['x', { type: 'string' }]];
  add(bodyOf({ ...base, [targets[0]?.[0] ?? 'x']: MEGABYTE_TEXT }));
  for (const [i, [name, field]] of targets.entries()) {
    for (const value of [
      LONE_SURROGATES[i % LONE_SURROGATES.length],
      isEmailField(name, field) ? LONG_EMAIL : LONG_TEXT,
      WRONG_TYPES[i % WRONG_TYPES.length],
    ]) {
      add(bodyOf({ ...base, [name]: value }));
    }
  }
  return cases;
}

import fc from 'fast-check';

/**
 * fast-check arbitraries from the JSON Schemas of an OpenAPI document: values that mostly follow the
 * schema (so that requests get past validation and into the code behind it) mixed with hostile ones
 * (NUL, huge, negative and fractional numbers, null, wrong types, very long and unusual text, missing
 * and extra fields).
 */

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  maxItems?: number;
}

export type Components = Record<string, JsonSchema>;

const NUL = '\u0000';
/** The pattern every client string has (no NUL); generated text simply leaves NUL out. */
const NO_NUL_PATTERN = '^[^\\0]*$';

/** An e-mail address of 3,000 characters (a lockout key past PostgreSQL's index row limit, once). */
export const LONG_EMAIL = `${'a'.repeat(3000)}@example.com`;
/** Text with halves of surrogate pairs alone, after non-ASCII characters too (PGlite cut or broke it). */
export const LONE_SURROGATES = ['ñ\udc00ñ', '\ud800', 'Añ\ud800 fin', 'ñ\udc00'];

/** Values that have broken servers before, whatever the schema says. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    LONG_EMAIL,
    ...LONE_SURROGATES,
    null,
    true,
    false,
    0,
    -1,
    -0,
    0.5,
    -0.000001,
    1e308,
    -1e308,
    2 ** 31 - 1,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53 + 1,
    '',
    ' ',
    NUL,
    `a${NUL}b`,
    '\uD800',
    '💥👩‍👩‍👧‍👦',
    'ñ'.repeat(5000),
    'x'.repeat(100_000),
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    '1e999',
    'NaN',
    '2147483648',
    [],
    {},
    [null],
    JSON.parse('{"__proto__": {"admin": true}}'),
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.anything({ maxDepth: 2, maxKeys: 4 }),
);

export function resolve(schema: JsonSchema, components: Components): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.split('/').at(-1) ?? '';
  return components[name] ?? {};
}

function text(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'email') {
    // Mostly addresses every validator takes (RFC's odd corners are refused before anything runs).
    return fc.oneof(
      {
        weight: 8,
        arbitrary: fc
          .stringMatching(/^[a-z0-9]{1,12}(\.[a-z0-9]{1,8})?$/)
          .map((local) => `${local}@example.com`),
      },
      { weight: 2, arbitrary: fc.emailAddress() },
      { weight: 1, arbitrary: fc.constant(LONG_EMAIL) },
    );
  }
  if (schema.pattern && schema.pattern !== NO_NUL_PATTERN) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      // A pattern fast-check cannot generate from: plain text below.
    }
  }
  const minLength = schema.minLength ?? 0;
  // Long limits are tried at the limit and past it by hostileValue; here text stays short mostly.
  const maxLength = Math.min(schema.maxLength ?? 300, Math.max(minLength, 300));
  return fc
    .oneof(
      fc.string({ minLength, maxLength }),
      fc.string({ unit: 'grapheme', minLength, maxLength }),
      fc.constant('a'.repeat(schema.maxLength ?? 1000)),
    )
    .map((s) => s.replaceAll(NUL, ''));
}

function numeric(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const low =
    typeof schema.exclusiveMinimum === 'number'
      ? schema.exclusiveMinimum + (integer ? 1 : 1e-9)
      : schema.minimum;
  const high =
    typeof schema.exclusiveMaximum === 'number'
      ? schema.exclusiveMaximum - (integer ? 1 : 1e-9)
      : schema.maximum;
  if (integer) {
    return fc.oneof(
      fc.integer({ min: Math.max(low ?? -3, -3), max: Math.min(high ?? 15, Math.max(low ?? 0, 15)) }),
      fc.integer({ min: Math.ceil(low ?? -(2 ** 31)), max: Math.floor(high ?? 2 ** 31 - 1) }),
    );
  }
  return fc.double({ min: low ?? -1e9, max: high ?? 1e12, noNaN: true, noDefaultInfinity: true });
}

/** Values that follow `schema` (within fast-check's reach), mixed with hostile ones. */
export function fieldValue(schema: JsonSchema, components: Components, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: validValue(schema, components, depth) },
    { weight: 1, arbitrary: hostileValue },
  );
}

/** Values that follow `schema`, as far as it can be generated. */
function validValue(schema: JsonSchema, components: Components, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema, components);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const options = s.anyOf ?? s.oneOf;
  if (options) return fc.oneof(...options.map((option) => validValue(option, components, depth)));
  if (s.allOf) return validValue(s.allOf[0] ?? {}, components, depth);
  if (Array.isArray(s.type)) {
    return fc.oneof(...s.type.map((type) => validValue({ ...s, type }, components, depth)));
  }
  switch (s.type) {
    case 'string':
      return text(s);
    case 'integer':
      return numeric(s, true);
    case 'number':
      return numeric(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(depth > 3 ? hostileValue : fieldValue(s.items ?? {}, components, depth + 1), {
        maxLength: Math.min(s.maxItems ?? 5, 5),
      });
    case 'object':
      return validObject(s, components, depth);
    default:
      return fc.anything({ maxDepth: 2 });
  }
}

/** The schema's required fields that it describes. */
const requiredOf = (schema: JsonSchema) =>
  (schema.required ?? []).filter((key) => key in (schema.properties ?? {}));

/** An object of the schema's fields, each from `value`: every required one, some optional ones. */
function recordOf(
  schema: JsonSchema,
  value: (field: JsonSchema) => fc.Arbitrary<unknown>,
): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([key, field]) => [key, value(field)]),
  );
  return fc.record(fields, { requiredKeys: requiredOf(schema) });
}

/** An object that follows the schema: every required field, some optional ones, nothing else. */
export function validObject(
  schema: JsonSchema,
  components: Components,
  depth = 0,
): fc.Arbitrary<Record<string, unknown>> {
  return recordOf(schema, (field) => validValue(field, components, depth + 1));
}

/**
 * Half the time an object that follows the schema (the request gets past validation and into the code
 * behind it), half the time one whose fields are each valid or hostile, with some required fields
 * missing and extra ones added.
 */
export function objectOf(
  schema: JsonSchema,
  components: Components,
  depth = 0,
): fc.Arbitrary<Record<string, unknown>> {
  return fc.oneof(validObject(schema, components, depth), hostileObject(schema, components, depth));
}

/** An object of the schema's fields, each valid or hostile, some required ones missing, extras added. */
function hostileObject(
  schema: JsonSchema,
  components: Components,
  depth = 0,
): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .tuple(
      recordOf(schema, (field) => fieldValue(field, components, depth + 1)),
      // Mostly nothing is dropped or added; sometimes a required field is missing or a stranger comes.
      fc.oneof(
        { weight: 5, arbitrary: fc.constant([]) },
        { weight: 1, arbitrary: fc.subarray(requiredOf(schema)) },
      ),
      fc.oneof(
        { weight: 5, arbitrary: fc.constant({}) },
        { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 10 }), hostileValue, { maxKeys: 3 }) },
      ),
    )
    .map(([record, missing, extra]) => {
      const out: Record<string, unknown> = { ...extra, ...record };
      for (const key of missing) delete out[key];
      return out;
    });
}

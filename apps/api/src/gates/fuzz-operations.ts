import type { Components, JsonSchema } from './arbitraries.ts';

/** The operations the fuzzing gate (fuzz.test.ts) sends: the OpenAPI document's and Better Auth's. */

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** With the /api prefix, parameters as {name}. */
  path: string;
  parameters: Parameter[];
  bodies: Array<{ type: string; schema: JsonSchema }>;
  /** The statuses the operation documents. */
  documented: number[];
}

export interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
        responses: Record<string, unknown>;
      }
    >
  >;
  components?: { schemas?: Components };
}

/**
 * Better Auth's endpoints that take user input, which its own document (not served) would describe;
 * sign-out and the session revocations are left out: they would end the owner's session.
 */
const text = (extra: JsonSchema = {}): JsonSchema => ({ type: 'string', ...extra });
export const AUTH_OPERATIONS: Operation[] = [
  ['/sign-up/email', { name: text(), email: text({ format: 'email' }), password: text({ minLength: 8 }) }],
  ['/sign-in/email', { email: text({ format: 'email' }), password: text(), rememberMe: { type: 'boolean' } }],
  ['/update-user', { name: text(), image: { type: ['string', 'null'] } }],
  ['/request-password-reset', { email: text({ format: 'email' }), redirectTo: text() }],
  ['/reset-password', { token: text(), newPassword: text({ minLength: 8 }) }],
  ['/change-password', { currentPassword: text(), newPassword: text({ minLength: 8 }) }],
  ['/verify-password', { password: text() }],
].map(([path, properties]) => ({
  method: 'POST',
  path: `/api/auth${path}`,
  parameters: [],
  bodies: [
    {
      type: 'application/json',
      schema: { type: 'object', properties: properties as Record<string, JsonSchema> },
    },
  ],
  documented: [],
}));

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      operations.push({
        method: method.toUpperCase(),
        path: `/api${path}`,
        parameters: op.parameters ?? [],
        bodies: Object.entries(op.requestBody?.content ?? {}).map(([type, { schema }]) => ({ type, schema })),
        documented: Object.keys(op.responses).map(Number),
      });
    }
  }
  // Deleting the owner's businesses last keeps the other operations reaching their resources.
  const deletesBusiness = (op: Operation) =>
    op.method === 'DELETE' && /\/businesses\/\w+\/\{id\}$/.test(op.path);
  return operations.sort((a, b) => Number(deletesBusiness(a)) - Number(deletesBusiness(b)));
}

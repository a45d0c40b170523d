import { z } from 'zod';
import type { Components, JsonSchema } from './arbitraries.ts';

/**
 * The operations the fuzzing gate (fuzz.test.ts) sends: the OpenAPI document's, the app's routes outside
 * it and Better Auth's.
 */

export interface ServedRoute {
  method: string;
  /** With the /api prefix, parameters as {name}. */
  path: string;
}

/** A Better Auth endpoint the app serves under /api/auth, with the schemas it checks its input with. */
export interface AuthRoute extends ServedRoute {
  body?: z.ZodType;
  query?: z.ZodType;
}

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

/** A zod schema as the arbitraries read it (JSON Schema, as the schema takes its input). */
const jsonSchemaOf = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** A route's path parameters, as text. */
const pathParameters = (path: string): Parameter[] =>
  [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name: name as string,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));

/**
 * Better Auth's endpoints (served-routes.ts), each from the schemas Better Auth checks its input with:
 * every one the app serves, so that a new one is fuzzed as soon as it exists.
 */
export function authOperationsOf(routes: AuthRoute[]): Operation[] {
  return routes.map((route) => {
    const query = route.query ? jsonSchemaOf(route.query) : undefined;
    const queryParameters = Object.entries(query?.properties ?? {}).map(
      ([name, schema]): Parameter => ({ name, in: 'query', schema }),
    );
    return {
      method: route.method,
      path: route.path,
      parameters: [...pathParameters(route.path), ...queryParameters],
      bodies:
        route.method === 'GET'
          ? []
          : [
              {
                type: 'application/json',
                schema: route.body ? jsonSchemaOf(route.body) : { type: 'object' },
              },
            ],
      documented: [],
    };
  });
}

/** The app's routes outside its OpenAPI document: any JSON object for a body. */
export function outsideOperationsOf(routes: ServedRoute[]): Operation[] {
  return routes.map((route) => ({
    method: route.method,
    path: route.path,
    parameters: pathParameters(route.path),
    bodies: route.method === 'GET' ? [] : [{ type: 'application/json', schema: { type: 'object' } }],
    documented: [],
  }));
}

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
  return operations;
}

/** Deleting the owner's businesses last keeps the other operations reaching their resources. */
export function deletingBusinessesLast(operations: Operation[]): Operation[] {
  const deletesBusiness = (op: Operation) =>
    op.method === 'DELETE' && /\/businesses\/\w+\/\{id\}$/.test(op.path);
  return [...operations].sort((a, b) => Number(deletesBusiness(a)) - Number(deletesBusiness(b)));
}

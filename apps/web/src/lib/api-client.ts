import type { ApiErrorBody } from '@rumbo/contract';

/** An error answer of the product API (`{ code, message, field? }`), or a request that never got one. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;

  constructor(status: number, code: string, message: string, field?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

/** Status of an ApiError raised when the request got no answer at all (offline, DNS, aborted). */
export const NETWORK_ERROR_STATUS = 0;
export const NETWORK_ERROR_CODE = 'network-request-failed';

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler | undefined;

/**
 * Registers what happens when any product call answers 401 (product.md §4: the user is signed out). The auth
 * feature owns the session, so it registers itself here instead of this module importing it.
 * Returns a function that removes the handler.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = undefined;
  };
}

/** Signs the user out after a 401 from a call that does not go through `apiFetch` (the chat stream). */
export function signalUnauthorized(): void {
  unauthorizedHandler?.();
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData goes as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * False keeps a 401 from signing the user out: for calls on open screens (the payment result),
   * where a missing session is an answer to show, not a session to end.
   */
  signOutOnUnauthorized?: boolean;
}

/** Calls the product API (same origin, session cookie) and returns the parsed JSON answer. */
export async function apiFetch<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const headers = new Headers({ Accept: 'application/json', ...options.headers });
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(NETWORK_ERROR_STATUS, NETWORK_ERROR_CODE, String(error));
  }

  if (!response.ok) {
    const error = await toApiError(response);
    if (response.status === 401 && options.signOutOnUnauthorized !== false) signalUnauthorized();
    throw error;
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

async function toApiError(response: Response): Promise<ApiError> {
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    payload = undefined;
  }
  if (isApiErrorBody(payload)) {
    return new ApiError(response.status, payload.code, payload.message, payload.field);
  }
  // A proxy or a crash may answer with HTML or nothing: keep the status, which is what callers map.
  return new ApiError(
    response.status,
    `HTTP_${response.status}`,
    response.statusText || `HTTP ${response.status}`,
  );
}

/**
 * The contract's `apiErrorSchema`, checked by hand: every screen loads this module, and zod would add
 * ~27 KB gzip to the login screen (ADR 0012), and ~25 KB to the chat's first screen (its stream's errors).
 */
export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const { code, message, field } = value as Record<string, unknown>;
  return (
    typeof code === 'string' &&
    typeof message === 'string' &&
    (field === undefined || typeof field === 'string')
  );
}

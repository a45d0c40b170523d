/**
 * Where the server mounts Better Auth. A module of its own: the calls made with plain fetch (the session at
 * start, the second factor) need the path without loading Better Auth's client.
 */
export const AUTH_BASE_PATH = '/api/auth';

/** Ports of the app and its loopback fakes during the browser tests. */
export const APP_PORT = Number(process.env.E2E_PORT ?? 3210);
export const OIDC_PORT = APP_PORT + 1;
export const MAIL_INSPECTOR_PORT = APP_PORT + 2;
export const APP_URL = `http://localhost:${APP_PORT}`;
export const MAIL_INSPECTOR_URL = `http://127.0.0.1:${MAIL_INSPECTOR_PORT}`;

/** Google accounts the fake provider knows by name; any other login has no name claim. */
export const GOOGLE_NAMES: Record<string, string> = { 'marta.google@example.com': 'Marta Gómez' };

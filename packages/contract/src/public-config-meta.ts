// Read by the browser before anything else, so without zod (see zod.ts).

/** The name of the <meta> tag that carries the public config in the served index.html. */
export const PUBLIC_CONFIG_META = 'rumbo-config';
/** The product's name when the installation sets none (or the page carries no config). */
export const DEFAULT_PRODUCT_NAME = 'Rumbo';
/**
 * The name of the <meta> tag the server adds to index.html when the request carries no session cookie:
 * the visitor is signed out for certain, so the app shows the login without asking for the session first.
 */
export const SIGNED_OUT_META = 'rumbo-signed-out';
/**
 * The attribute the build puts on index.html's preload of the login screen's own code: the server takes
 * those preloads out of the page it serves with a session cookie, where they would share a phone's
 * bandwidth with the screen that is shown.
 */
export const SIGNED_OUT_PRELOAD = 'data-signed-out';

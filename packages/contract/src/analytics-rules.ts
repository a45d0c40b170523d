// Analytics names and limits, without zod: the browser's analytics client is on the login route and
// must not load the schemas (see zod.ts).

/** product.md §7 and §3: the events the browser reports, exactly as the spec names them. */
export const PAGE_VIEW_EVENT = 'Página vista';
export const LOGIN_EVENT = 'Login';
export const SIGN_UP_EVENT = 'Sign Up';
/** product.md §7: 'Mensaje enviado a' followed by the product name. */
export const MESSAGE_SENT_PREFIX = 'Mensaje enviado a ';
export const messageSentEvent = (productName: string) => `${MESSAGE_SENT_PREFIX}${productName}`;
export const NEW_CHAT_EVENT = 'Nuevo chat creado';
/** Identify + profile (product.md §3 'Analytics profile') and the membership group, as events of our store. */
export const PROFILE_EVENT = '$profile';
export const GROUP_EVENT = '$group';

/** What the product needs to learn beyond the spec's events (ADR 0017); Spanish, like the console. */
export const PRODUCT_EVENTS = {
  trafficSource: 'Fuente de tráfico',
  businessCreated: 'Negocio creado',
  researchStarted: 'Investigación iniciada',
  researchCompleted: 'Investigación completada',
  researchFailed: 'Investigación fallida',
  reportViewed: 'Informe visto',
  creditsExhausted: 'Créditos agotados',
  planChosen: 'Plan elegido',
  checkoutResult: 'Resultado del pago',
  answerStopped: 'Respuesta detenida',
  answerFailed: 'Respuesta fallida',
  roadmapCreated: 'Hoja de ruta creada',
  taskDone: 'Tarea hecha',
  notificationOpened: 'Notificación abierta',
} as const;

/**
 * The names a browser may send (and 'Mensaje enviado a' + the product name); the others are recorded
 * by the server itself, which knows they happened.
 */
export const CLIENT_EVENT_NAMES = [
  PAGE_VIEW_EVENT,
  LOGIN_EVENT,
  SIGN_UP_EVENT,
  PROFILE_EVENT,
  GROUP_EVENT,
  NEW_CHAT_EVENT,
  PRODUCT_EVENTS.reportViewed,
  PRODUCT_EVENTS.creditsExhausted,
  PRODUCT_EVENTS.checkoutResult,
  PRODUCT_EVENTS.answerStopped,
  PRODUCT_EVENTS.answerFailed,
] as const;
export type ClientEventName = (typeof CLIENT_EVENT_NAMES)[number];

export const DEVICE_CLASSES = ['mobile', 'tablet', 'desktop'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** product.md §9 'Analytics defaults'. */
export const ANALYTICS_BATCH_SIZE = 50;
export const ANALYTICS_FLUSH_INTERVAL_MS = 5_000;
export const ANALYTICS_REQUEST_TIMEOUT_MS = 90_000;
export const ANALYTICS_MAX_BACKOFF_MS = 10 * 60_000;
/** A batch body larger than this is refused with 413 (50 events with their properties fit well within). */
export const ANALYTICS_BODY_LIMIT = 64 * 1024;
export const ANALYTICS_MAX_PROPERTIES = 30;
export const ANALYTICS_MAX_VALUE_LENGTH = 1000;

/**
 * The first-party cookie in which the browser keeps its anonymous analytics session id and landing
 * campaign, so that the server's own 'Sign Up' and 'Login' carry them (ADR 0030). Sent to the auth routes
 * only (its path), gone when the browser closes, never written with Do Not Track or GPC on.
 */
export const ANALYTICS_VISIT_COOKIE = 'rumbo.visit';
export const ANALYTICS_VISIT_COOKIE_PATH = '/api/auth';

/** product.md §3 'Analytics profile': without a campaign the source is 'organic'. */
export const DEFAULT_UTM_SOURCE = 'organic';

/**
 * product.md §2.12: the Spanish name of a page. The path is reduced to its first segment, except
 * /profile/sub, which is kept whole; anything else is 'Ruta desconocida'. The login screen's views
 * (shown in place of any page) are reported as /login, /register and /forgottenPass.
 */
const PAGE_NAMES: Record<string, string> = {
  '/login': 'Login',
  '/register': 'Registro',
  '/forgottenPass': 'Contraseña olvidada',
  '/reset-password': 'Nueva contraseña',
  '/onboard': 'On Board',
  '/plans': 'Planes',
  '/': 'Dashboard Home',
  '/chats': 'Panel de negocios',
  '/tools': 'Panel de herramientas',
  '/new-business': 'Creación de negocio',
  '/edit-business': 'Edición de negocio',
  '/chat': 'Chat',
  '/profile': 'Perfil',
  '/profile/sub': 'Planes del perfil',
  '/stripe_success': 'Pago completado',
};
export const UNKNOWN_PAGE_NAME = 'Ruta desconocida';

/** product.md §2.12: '/chat/idea/4' → '/chat'; '/profile/sub' stays; the query and trailing slashes go. */
export function normalisePagePath(pathname: string): string {
  const path = pathname.split(/[?#]/, 1)[0] ?? '';
  const segments = path.split('/').filter(Boolean);
  if (segments[0] === 'profile' && segments[1] === 'sub' && segments.length === 2) return '/profile/sub';
  return `/${segments[0] ?? ''}`;
}

export function pageName(pathname: string): string {
  return PAGE_NAMES[normalisePagePath(pathname)] ?? UNKNOWN_PAGE_NAME;
}

/**
 * product.md §9 'Plan codes in analytics', keyed by plan id. Here rather than in the plan catalogue, so that
 * the analytics client, on every route, does not load the plans' texts.
 */
export const PLAN_CODES = {
  [-1]: 'NO_PLAN',
  9: 'Starter',
  5: 'Founder',
  7: 'CEOMin',
  11: 'CEOMedium',
  12: 'CEOMax',
} as const;
export type PlanCode = (typeof PLAN_CODES)[keyof typeof PLAN_CODES];

/** product.md §3 'Membership group': the plan's level (Starter has its own; no plan, none). */
export function membershipGroup(planId: number): 'STARTER' | 'FOUNDER' | 'CEO' | null {
  if (planId === 9) return 'STARTER';
  if (planId === 5) return 'FOUNDER';
  if (planId === 7 || planId === 11 || planId === 12) return 'CEO';
  return null;
}

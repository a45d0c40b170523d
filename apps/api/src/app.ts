import { ANALYTICS_BODY_LIMIT, ERROR_CODES, PRODUCT_EVENTS, type PublicConfig } from '@rumbo/contract';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { type Assistant, createAssistant } from './ai/assistant.ts';
import type { Database } from './db/client.ts';
import { appOrigins, type Env } from './env.ts';
import { checkBodies, checkedRequest } from './http/body-check.ts';
import { clientIp } from './http/client-ip.ts';
import { compressJsonResponses } from './http/compress-json.ts';
import { createRouter, type Router } from './http/create-router.ts';
import { refuseCrossOrigin } from './http/cross-origin.ts';
import { mountDocs } from './http/docs.ts';
import { AppError, GONE_MESSAGE, isForeignKeyViolation } from './http/errors.ts';
import { mountHealth } from './http/health.ts';
import { measureRequests, mountMetrics } from './http/metrics.ts';
import { PERMISSIONS_POLICY } from './http/permissions-policy.ts';
import { publicOrigin } from './http/public-origin.ts';
import { mountReadiness } from './http/readiness.ts';
import { signedInZone } from './http/signed-in-zone.ts';
import { limitWrites } from './http/write-limits.ts';
import type { Queue } from './jobs/queue.ts';
import { collectProcessMetrics } from './lib/metrics.ts';
import type { Logger } from './logger.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import type { Analytics } from './modules/analytics/analytics.ts';
import { analyticsFromEnv } from './modules/analytics/from-env.ts';
import { analyticsRoutes } from './modules/analytics/routes.ts';
import { authSecret, carriesSessionCookie, createAuth, isGoogleEnabled } from './modules/auth/auth.ts';
import { operatorVerificationRoutes } from './modules/auth/operator-verification.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { authHandlerWithSignUpRetry } from './modules/auth/sign-up-retry.ts';
import { billingRoutes, createBilling } from './modules/billing/routes.ts';
import { businessRoutes } from './modules/businesses/routes.ts';
import { createChatEngine } from './modules/chats/engine/engine.ts';
import { latestChatRoutes } from './modules/chats/http/latest-chat-routes.ts';
import { chatRoutes } from './modules/chats/http/routes.ts';
import { feedbackRoutes } from './modules/feedback/routes.ts';
import { createFileStorage } from './modules/files/create-file-storage.ts';
import { financeRoutes } from './modules/finance/routes.ts';
import { shareKey } from './modules/finance/share-links.ts';
import { createMailer, type Mailer } from './modules/mail/mailer.ts';
import { mailRoutes } from './modules/mail/routes.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { researchRoutes } from './modules/research/routes.ts';
import { RESEARCH_JOB, type SendResearchJob, startResearch } from './modules/research/start-research.ts';
import { roadmapRoutes } from './modules/roadmap/routes.ts';
import { usersRoutes } from './modules/users/routes.ts';
import { mountSpa } from './web/spa.ts';

export const JSON_BODY_LIMIT = 1024 * 1024;
export const UPLOAD_BODY_LIMIT = 30 * 1024 * 1024;

export interface AppDeps {
  env: Env;
  database: Database;
  logger: Logger;
  /** Defaults to SMTP_URL, or the outbox folder without it. */
  mailer?: Mailer;
  /** The built SPA; without it only the API is served (API tests). */
  webDistDir?: string;
  /** Defaults to the model the environment configures (AI_PROVIDER, ADR 0010). */
  assistant?: Assistant;
  /** The job queue; without it (API tests) research runs are recorded but nobody is asked to work them. */
  queue?: Queue;
}

export type App = Router & {
  /** From now on /api/health/ready answers 503: the process is stopping (server.ts). */
  beginShutdown(): void;
  /** Lets running answers finish (or fails and refunds them) and stops background work. */
  shutdown(): Promise<void>;
  /** The analytics store (tests wait for its background records with `flush`). */
  analytics: Analytics;
};

export function publicConfig(env: Env): PublicConfig {
  return {
    productName: env.PRODUCT_NAME,
    googleEnabled: isGoogleEnabled(env),
    ...(env.FEEDBACK_URL ? { feedbackUrl: env.FEEDBACK_URL } : {}),
    ...(env.TUTORIAL_VIDEO_URL ? { tutorialVideoUrl: env.TUTORIAL_VIDEO_URL } : {}),
    ...(env.AI_PROVIDER === 'demo' ? { demo: true } : {}),
    researchSources: env.AI_PROVIDER === 'demo' ? 'none' : env.SEARCH_PROVIDER ? 'web' : 'model',
  };
}

export function createApp(deps: AppDeps): App {
  const { env, database, logger } = deps;
  const analytics = analyticsFromEnv(env, database.db, logger);
  const auth = createAuth({
    env,
    db: database.db,
    mailer: deps.mailer ?? createMailer(env, logger),
    logger,
    onAccountEvent: analytics.trackAccount,
  });
  const app = createRouter();
  let shuttingDown = false;

  const metricsOn = env.METRICS_TOKEN !== undefined || env.METRICS_PORT !== undefined;
  if (metricsOn) {
    collectProcessMetrics();
    app.use(measureRequests());
  }
  mountMetrics(app, env.METRICS_TOKEN, { db: database.db, queue: deps.queue });
  app.use(requestId());
  app.use(async (c, next) => {
    const started = performance.now();
    const requestLogger = logger.child({ reqId: c.get('requestId') });
    c.set('logger', requestLogger);
    await next();
    // The path only: query strings can carry one-time codes.
    requestLogger.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      'request',
    );
  });
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Component libraries set style attributes and inject <style> at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // blob: lets the PDF viewer read a file the user has just sent from its local copy (ADR 0032).
        connectSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      xFrameOptions: 'DENY',
      referrerPolicy: 'strict-origin-when-cross-origin',
      xContentTypeOptions: 'nosniff',
      permissionsPolicy: PERMISSIONS_POLICY,
      // Browsers ignore HSTS over plain http; announcing it on a local http install would only mislead.
      strictTransportSecurity: env.PUBLIC_URL.startsWith('https:')
        ? 'max-age=31536000; includeSubDomains'
        : false,
      // A route that sets its own policy keeps it (attachments are served under a sandbox).
      overwrite: false,
    }),
  );
  app.use('/api/*', compressJsonResponses());
  const tooLarge = () => {
    throw new AppError(413, ERROR_CODES.payloadTooLarge, 'El contenido enviado es demasiado grande');
  };
  const jsonLimit = bodyLimit({ maxSize: JSON_BODY_LIMIT, onError: tooLarge });
  // Analytics batches are small (50 events); a larger body is refused before it is read.
  app.use('/api/analytics/events', bodyLimit({ maxSize: ANALYTICS_BODY_LIMIT, onError: tooLarge }));
  const uploadLimit = bodyLimit({ maxSize: UPLOAD_BODY_LIMIT, onError: tooLarge });
  app.use('/api/*', (c, next) => {
    // Only uploads (multipart) may use the larger limit.
    const isMultipart = c.req.header('content-type')?.startsWith('multipart/form-data') ?? false;
    if (isMultipart) return uploadLimit(c, next);
    // A declared length is enforced by Node's parser, so checking it is enough. Asking Hono's bodyLimit
    // would build a web Request around the body, and reading the body would then go through web
    // streams instead of node-server's direct read: a few per cent of the CPU of every chat send.
    const declared = c.req.header('content-length');
    if (declared !== undefined && c.req.header('transfer-encoding') === undefined) {
      return Number(declared) > JSON_BODY_LIMIT ? tooLarge() : next();
    }
    return jsonLimit(c, next);
  });
  // Depth, string sizes, NUL and well-formed text of every body but a form's, before any handler (ADR 0026).
  app.use('/api/*', checkBodies());

  app.use('/api/*', clientIp(env.TRUSTED_PROXIES));
  app.use('/api/*', publicOrigin(env));
  app.use('/api/*', refuseCrossOrigin(appOrigins(env)));
  app.use('/api/*', limitWrites(auth, database.db, env.WRITE_LIMIT_MULTIPLIER));

  const api = createRouter();
  mountHealth(api, database.ping);
  mountReadiness(api, { database, queue: deps.queue, shuttingDown: () => shuttingDown });
  signedInZone(api, auth);
  api.route('/', usersRoutes(database.db, env.ADMIN_EMAILS, analytics.track));
  api.route(
    '/',
    analyticsRoutes({
      auth,
      db: database.db,
      analytics,
      writeLimitMultiplier: env.WRITE_LIMIT_MULTIPLIER,
    }),
  );
  api.route('/', authRoutes(auth, database.db));
  api.route(
    '/',
    operatorVerificationRoutes({
      auth,
      db: database.db,
      adminEmails: env.ADMIN_EMAILS,
      writeLimitMultiplier: env.WRITE_LIMIT_MULTIPLIER,
    }),
  );
  const storage = createFileStorage(env);
  api.route('/', accountRoutes({ auth, db: database.db, env, storage }));
  const sendResearch: SendResearchJob = async (researchId) => {
    await deps.queue?.send(RESEARCH_JOB, { researchId });
  };
  api.route(
    '/',
    businessRoutes({ db: database.db, storage }, (userId, businessId) => {
      analytics.track({
        name: PRODUCT_EVENTS.businessCreated,
        userId,
        properties: { business_id: businessId },
      });
      return startResearch(database.db, sendResearch, userId, businessId);
    }),
  );
  const assistant = deps.assistant ?? createAssistant(env, logger);
  const chatEngine = createChatEngine({ db: database.db, assistant, logger });
  const chatDeps = {
    db: database.db,
    storage,
    engine: chatEngine,
    assistant,
    productName: env.PRODUCT_NAME,
    writeLimitMultiplier: env.WRITE_LIMIT_MULTIPLIER,
  };
  api.route('/', chatRoutes(chatDeps));
  api.route('/', financeRoutes({ db: database.db, assistant, shareKey: shareKey(authSecret(env)) }));
  api.route('/', roadmapRoutes({ db: database.db, track: analytics.track, assistant }));
  api.route('/', notificationRoutes({ db: database.db, track: analytics.track }));
  api.route('/', latestChatRoutes(database.db));
  api.route('/', feedbackRoutes(database.db));
  api.route('/', mailRoutes(database.db, authSecret(env)));
  api.route('/', researchRoutes(database.db, sendResearch));
  api.route(
    '/',
    billingRoutes({
      db: database.db,
      env,
      billing: createBilling(env, database.db, logger),
      track: analytics.track,
    }),
  );
  api.route(
    '/',
    adminRoutes({
      auth,
      db: database.db,
      adminEmails: env.ADMIN_EMAILS,
      startResearchFor: (ownerId, businessId) =>
        startResearch(database.db, sendResearch, ownerId, businessId),
    }),
  );
  // Better Auth's own endpoints (sign-up, sign-in, Google, sessions, password reset requests).
  api.on(['GET', 'POST'], '/auth/*', async (c) => authHandlerWithSignUpRetry(auth, await checkedRequest(c)));
  api.get('/config', (c) => c.json(publicConfig(env)));
  if (env.API_DOCS) mountDocs(api, env.PRODUCT_NAME);
  api.all('*', () => {
    throw new AppError(404, ERROR_CODES.notFound, 'Esta ruta de la API no existe');
  });
  app.route('/api', api);

  if (deps.webDistDir) {
    mountSpa(app, deps.webDistDir, {
      config: publicConfig(env),
      signedOut: (headers) => !carriesSessionCookie(headers),
    });
  }

  app.onError((error, c) => {
    if (error instanceof AppError) {
      const body = {
        code: error.code,
        message: error.message,
        ...(error.field ? { field: error.field } : {}),
      };
      return c.json(body, error.status, error.headers);
    }
    if (error instanceof HTTPException && error.status < 500) {
      // Hono's own refusals (a body that is not JSON, a broken form): a 400 is a validation error like any other.
      const code = error.status === 400 ? ERROR_CODES.validation : `HTTP_${error.status}`;
      return c.json({ code, message: 'La petición no es válida' }, error.status);
    }
    if (isForeignKeyViolation(error)) {
      // What the request refers to was deleted while it ran (ADR 0026): as if it had never existed.
      (c.get('logger') ?? logger).info('a row the request refers to was deleted meanwhile');
      return c.json({ code: ERROR_CODES.notFound, message: GONE_MESSAGE }, 404);
    }
    (c.get('logger') ?? logger).error({ err: error }, 'unhandled error');
    return c.json(
      {
        code: ERROR_CODES.internal,
        message: 'Ha ocurrido un error inesperado. Inténtalo de nuevo más tarde.',
      },
      500,
    );
  });
  return Object.assign(app, {
    analytics,
    beginShutdown() {
      shuttingDown = true;
    },
    async shutdown() {
      await chatEngine.close();
      await analytics.flush();
    },
  });
}

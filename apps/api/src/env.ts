import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_PRODUCT_NAME } from '@rumbo/contract';
import dotenv from 'dotenv';
import proxyaddr from 'proxy-addr';
import { z } from 'zod';
import { isSafeStorageKey } from './modules/files/storage.ts';

/** `demo`: a built-in scripted Spanish mentor (ai/demo-model.ts), to try the app without a model or a key. */
export const AI_PROVIDERS = ['openai', 'anthropic', 'google', 'openai-compatible', 'local', 'demo'] as const;
export const SEARCH_PROVIDERS = ['searxng', 'brave', 'tavily'] as const;

// S3's rule for bucket names (3 to 63 characters); the prefix follows the storage keys' own rule.
const S3_BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const STORAGE_URL_FORM =
  'must be s3://bucket or s3://bucket/prefix (bucket: 3-63 lowercase letters, digits, dots or hyphens; prefix: lowercase letters, digits and /_.-)';

/**
 * The only reader of the process environment. Every variable is optional: the defaults give a
 * working local installation.
 */
const baseEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  // 0 asks the system for a free port (tests).
  PORT: z.coerce
    .number({ error: 'must be a whole number between 0 and 65535' })
    .int('must be a whole number between 0 and 65535')
    .min(0, 'must be a whole number between 0 and 65535')
    .max(65535, 'must be a whole number between 0 and 65535')
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  PRODUCT_NAME: z.string().trim().min(1).max(60).default(DEFAULT_PRODUCT_NAME),
  BETTER_AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_DISCOVERY_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://accounts.google.com/.well-known/openid-configuration'),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3).optional(),
  // The home's feedback card (an external contact page or a mailto: address) and tutorial video.
  FEEDBACK_URL: z
    .url({ protocol: /^(https?|mailto)$/, error: 'must be an http(s) or mailto: URL' })
    .optional(),
  TUTORIAL_VIDEO_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Payments (ADR 0007). Without STRIPE_SECRET_KEY a local test checkout stands in (never in production).
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_PRICE_5: z.string().min(1).optional(),
  STRIPE_PRICE_7: z.string().min(1).optional(),
  STRIPE_PRICE_11: z.string().min(1).optional(),
  STRIPE_PRICE_12: z.string().min(1).optional(),
  /** Another address for the Stripe API (tests point the real SDK at a loopback fake). */
  STRIPE_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  // The advisor's model (ADR 0010). Unset: a model downloaded into $DATA_DIR/models, else none.
  AI_PROVIDER: z.enum(AI_PROVIDERS, { error: `must be one of ${AI_PROVIDERS.join(', ')}` }).optional(),
  AI_MODEL: z.string().trim().min(1).optional(),
  AI_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  AI_API_KEY: z.string().min(1).optional(),
  /** Whether the model reads images (sent as image parts); hosted providers default to yes. */
  AI_VISION: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  LOCAL_MODEL_PATH: z.string().min(1).optional(),
  /**
   * Proxies in front of the app whose X-Forwarded-For is believed (http/client-ip.ts), comma-separated:
   * addresses, CIDR ranges, or proxy-addr's names loopback, linklocal and uniquelocal.
   */
  TRUSTED_PROXIES: z
    .string()
    .transform((value, ctx) => {
      const proxies = value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      try {
        proxyaddr.compile(proxies);
      } catch (error) {
        ctx.addIssue({
          code: 'custom',
          message: `must be addresses, CIDR ranges, loopback, linklocal or uniquelocal, comma-separated (${(error as Error).message})`,
        });
        return z.NEVER;
      }
      return proxies;
    })
    .default([]),
  /**
   * The embedded database's memory (ADR 0053): PostgreSQL's shared buffers and the memory one sort or hash
   * may use, in PostgreSQL's units. PGlite's WebAssembly memory grows to hold them and never shrinks.
   */
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^\d+(kB|MB|GB)$/, 'must be a size such as 16MB')
    .default('16MB'),
  PGLITE_WORK_MEM: z
    .string()
    .regex(/^\d+(kB|MB|GB)$/, 'must be a size such as 2MB')
    .default('2MB'),
  /** The API's documentation (/api/docs and /api/openapi.json); off by default in production. */
  API_DOCS: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  /** Multiplies every per-user write limit (lib/write-counters.ts): load tests, trusted API clients. */
  WRITE_LIMIT_MULTIPLIER: z.coerce
    .number({ error: 'must be a number of at least 1' })
    .min(1, 'must be a number of at least 1')
    .max(1_000_000, 'must be at most 1000000')
    .default(1),
  // Market research (ADR 0016). Without a search provider, runs use the model's knowledge.
  SEARCH_PROVIDER: z
    .enum(SEARCH_PROVIDERS, { error: `must be one of ${SEARCH_PROVIDERS.join(', ')}` })
    .optional(),
  SEARCH_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  SEARCH_API_KEY: z.string().min(1).optional(),
  /** Test only: lets the research fetcher read loopback pages (the fakes). Refused in production. */
  RESEARCH_ALLOW_LOOPBACK: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  /** Research runs worked at once by one process (each makes one model call at a time). */
  RESEARCH_CONCURRENCY: z.coerce
    .number({ error: 'must be a whole number from 1 to 20' })
    .int('must be a whole number from 1 to 20')
    .min(1, 'must be a whole number from 1 to 20')
    .max(20, 'must be a whole number from 1 to 20')
    .default(2),
  /** The longest a run may work before it writes what it has (a partial report), in seconds. */
  RESEARCH_TIME_LIMIT_S: z.coerce
    .number({ error: 'must be a whole number of seconds from 10 to 7200' })
    .int('must be a whole number of seconds from 10 to 7200')
    .min(10, 'must be a whole number of seconds from 10 to 7200')
    .max(7200, 'must be a whole number of seconds from 10 to 7200')
    .default(900),
  /**
   * When the notifications' round runs (ADR 0056), a cron expression: every hour by default, each
   * user's morning being one of those hours in their time zone.
   */
  NOTIFICATIONS_CRON: z.string().min(9).default('7 * * * *'),
  /**
   * Test-only: the instant the notifications' round takes as now (ISO 8601), so a test can put a user's
   * morning or a Monday where it needs it. Refused with NODE_ENV=production.
   */
  NOTIFICATIONS_CLOCK: z.iso.datetime({ offset: true }).optional(),
  /** Operators who may open the console (/admin), comma-separated e-mail addresses. */
  ADMIN_EMAILS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email({ error: 'must be e-mail addresses separated by commas' })))
    .default([]),
  /**
   * Analytics events older than this many days are deleted: 13 months at most, as the privacy page
   * promises (the EU's usual limit for audience measurement).
   */
  ANALYTICS_RETENTION_DAYS: z.coerce
    .number({ error: 'must be a whole number of days from 1 to 395' })
    .int('must be a whole number of days from 1 to 395')
    .min(1, 'must be a whole number of days from 1 to 395')
    .max(395, 'must be a whole number of days from 1 to 395')
    .default(395),
  /**
   * `/metrics` (Prometheus) is served only to a bearer of this token, or on METRICS_PORT; with neither
   * it is not served at all (http/metrics.ts).
   */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** A port of its own for `/metrics` (no token asked there: keep it off the public network). */
  METRICS_PORT: z.coerce
    .number({ error: 'must be a whole number between 1 and 65535' })
    .int('must be a whole number between 1 and 65535')
    .min(1, 'must be a whole number between 1 and 65535')
    .max(65535, 'must be a whole number between 1 and 65535')
    .optional(),
  /** With a token, stored analytics events are also forwarded to Mixpanel (server side). */
  MIXPANEL_TOKEN: z.string().min(1).optional(),
  /** Mixpanel's API address: its EU residency host (https://api-eu.mixpanel.com), or a test fake. */
  MIXPANEL_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  /**
   * Uploaded files in an S3-compatible bucket instead of $DATA_DIR/files, so that several app
   * machines share them (modules/files/create-file-storage.ts). Parsed into its bucket and prefix.
   */
  STORAGE_URL: z
    .string()
    .transform((value, ctx) => {
      const match = /^s3:\/\/([^/?#]+)(?:\/([^?#]*))?$/.exec(value);
      const bucket = match?.[1] ?? '';
      const prefix = (match?.[2] ?? '').replace(/^\/+|\/+$/g, '');
      if (!S3_BUCKET.test(bucket) || (prefix !== '' && !isSafeStorageKey(prefix))) {
        ctx.addIssue({ code: 'custom', message: STORAGE_URL_FORM });
        return z.NEVER;
      }
      return { bucket, prefix };
    })
    .optional(),
  /** Another S3-compatible service than AWS: MinIO (http://127.0.0.1:9000), R2, a test server. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a region name such as us-east-1')
    .default('us-east-1'),
  /** Both or neither; without them the AWS SDK's default credential chain (AWS_* variables, a role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** `endpoint/bucket/key` addresses; defaults to true with S3_ENDPOINT (what self-hosted services expect). */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  /** `npm run eval:research` only: an OpenAI-compatible model that scores the reports against a rubric. */
  EVAL_JUDGE_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  EVAL_JUDGE_MODEL: z.string().min(1).optional(),
  EVAL_JUDGE_API_KEY: z.string().min(1).optional(),
});

/** With a Stripe key these must be set too: a checkout needs the plan's price, fulfilment the webhooks. */
const STRIPE_COMPANIONS = [
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_5',
  'STRIPE_PRICE_7',
  'STRIPE_PRICE_11',
  'STRIPE_PRICE_12',
] as const;

const envSchema = baseEnvSchema.superRefine((env, ctx) => {
  if (env.AI_PROVIDER === 'openai-compatible') {
    for (const name of ['AI_BASE_URL', 'AI_MODEL'] as const) {
      if (!env[name]) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: 'must be set when AI_PROVIDER=openai-compatible',
        });
      }
    }
  }
  if (env.AI_PROVIDER && ['openai', 'anthropic', 'google'].includes(env.AI_PROVIDER) && !env.AI_API_KEY) {
    ctx.addIssue({
      code: 'custom',
      path: ['AI_API_KEY'],
      message: `must be set when AI_PROVIDER=${env.AI_PROVIDER}`,
    });
  }
  if (env.SEARCH_PROVIDER === 'searxng' && !env.SEARCH_BASE_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['SEARCH_BASE_URL'],
      message: 'must be set when SEARCH_PROVIDER=searxng',
    });
  }
  if ((env.SEARCH_PROVIDER === 'brave' || env.SEARCH_PROVIDER === 'tavily') && !env.SEARCH_API_KEY) {
    ctx.addIssue({
      code: 'custom',
      path: ['SEARCH_API_KEY'],
      message: `must be set when SEARCH_PROVIDER=${env.SEARCH_PROVIDER}`,
    });
  }
  if (env.RESEARCH_ALLOW_LOOPBACK === 'true' && env.NODE_ENV === 'production') {
    ctx.addIssue({
      code: 'custom',
      path: ['RESEARCH_ALLOW_LOOPBACK'],
      message: 'is for tests only and is refused with NODE_ENV=production',
    });
  }
  if (env.NOTIFICATIONS_CLOCK && env.NODE_ENV === 'production') {
    ctx.addIssue({
      code: 'custom',
      path: ['NOTIFICATIONS_CLOCK'],
      message: 'is for tests only and is refused with NODE_ENV=production',
    });
  }
  // The issue names the missing one of the pair, so that the error line never shows a secret.
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    const [given, missing] = env.S3_ACCESS_KEY_ID
      ? ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']
      : ['S3_SECRET_ACCESS_KEY', 'S3_ACCESS_KEY_ID'];
    ctx.addIssue({ code: 'custom', path: [missing], message: `must be set when ${given} is set` });
  }
  if (!env.STRIPE_SECRET_KEY) return;
  for (const name of STRIPE_COMPANIONS) {
    if (!env[name]) {
      ctx.addIssue({ code: 'custom', path: [name], message: 'must be set when STRIPE_SECRET_KEY is set' });
    }
  }
});

export type Env = Omit<
  z.infer<typeof envSchema>,
  'API_DOCS' | 'RESEARCH_ALLOW_LOOPBACK' | 'S3_FORCE_PATH_STYLE'
> & {
  PUBLIC_URL: string;
  /**
   * Whether PUBLIC_URL was given. Without it, links the server builds follow the address the user
   * opened (http/public-origin.ts), among appOrigins(): PUBLIC_URL then only names the fallback.
   */
  PUBLIC_URL_FIXED: boolean;
  DATA_DIR: string;
  API_DOCS: boolean;
  RESEARCH_ALLOW_LOOPBACK: boolean;
  S3_FORCE_PATH_STYLE: boolean;
};

export class EnvError extends Error {}

/** Parses an environment (process.env by default); blank values count as unset. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const got = cleaned[name];
    throw new EnvError(
      `Invalid environment variable ${name}: ${issue?.message ?? 'invalid value'}${got === undefined ? '' : ` (got ${JSON.stringify(got)})`}`,
    );
  }
  const env = result.data;
  return {
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    PUBLIC_URL_FIXED: env.PUBLIC_URL !== undefined,
    API_DOCS: env.API_DOCS ? env.API_DOCS === 'true' : env.NODE_ENV !== 'production',
    RESEARCH_ALLOW_LOOPBACK: env.RESEARCH_ALLOW_LOOPBACK === 'true',
    S3_FORCE_PATH_STYLE: env.S3_FORCE_PATH_STYLE
      ? env.S3_FORCE_PATH_STYLE === 'true'
      : env.S3_ENDPOINT !== undefined,
  };
}

let fileRead: string | undefined;

/** The file of variables loadEnvOrExit read, for the start-up log; undefined when there was none. */
export function envFileRead(): string | undefined {
  return fileRead;
}

/**
 * Reads `.env` from the working directory (or the file ENV_FILE names) into the process environment when
 * it exists; a variable already set in the environment wins over the file's (ADR 0036).
 */
function readEnvFile(): void {
  const file = path.resolve(process.env.ENV_FILE || '.env');
  if (!fs.existsSync(file)) return;
  const { error } = dotenv.config({ path: file, quiet: true });
  if (error) throw new EnvError(`Cannot read the environment file ${file}: ${error.message}`);
  fileRead = file;
}

/**
 * For entry points: reads `.env` when there is one, then the parsed environment, or one line on stderr
 * naming the bad variable and exit 1.
 */
export function loadEnvOrExit(): Env {
  try {
    readEnvFile();
    return loadEnv();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/**
 * The origins the browser app is served from: PUBLIC_URL's, plus the loopback spellings of a
 * localhost address (a local user may open 127.0.0.1 instead of localhost).
 */
export function appOrigins(env: Env): string[] {
  const url = new URL(env.PUBLIC_URL);
  if (url.hostname !== 'localhost') return [url.origin];
  const port = url.port ? `:${url.port}` : '';
  return [url.origin, `${url.protocol}//127.0.0.1${port}`, `${url.protocol}//[::1]${port}`];
}

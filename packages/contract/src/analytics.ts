import {
  ANALYTICS_BATCH_SIZE,
  ANALYTICS_MAX_PROPERTIES,
  ANALYTICS_MAX_VALUE_LENGTH,
  CLIENT_EVENT_NAMES,
} from './analytics-rules.ts';
import { idSchema, userText } from './text.ts';
import { z } from './zod.ts';

const propertyValue = z.union([
  userText().max(ANALYTICS_MAX_VALUE_LENGTH),
  z.number().finite(),
  z.boolean(),
  z.null(),
  z.array(userText().max(100)).max(20),
]);

/** One event the browser reports. `time` is the browser's clock (ms); the server keeps it within reason. */
export const analyticsEventInputSchema = z.object({
  name: z.union([
    z.enum(CLIENT_EVENT_NAMES),
    z.string().regex(/^Mensaje enviado a [^\0]{1,60}$/, 'Nombre de evento desconocido'),
  ]),
  properties: z
    .record(userText().min(1).max(100), propertyValue)
    .refine((properties) => Object.keys(properties).length <= ANALYTICS_MAX_PROPERTIES, {
      message: `Como mucho ${ANALYTICS_MAX_PROPERTIES} propiedades por evento`,
    })
    .default({}),
  path: userText().max(500).optional(),
  time: z.number().int().positive().optional(),
});
export type AnalyticsEventInput = z.input<typeof analyticsEventInputSchema>;

const utmValue = userText().trim().min(1).max(200).optional();

/** POST /api/analytics/events: a batch of up to 50 events of one browser session (product.md §9). */
export const analyticsBatchSchema = z.object({
  session_id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Identificador de sesión no válido'),
  events: z.array(analyticsEventInputSchema).min(1).max(ANALYTICS_BATCH_SIZE),
  context: z
    .object({
      referrer: userText().max(2000).optional(),
      utm_source: utmValue,
      utm_medium: utmValue,
      utm_campaign: utmValue,
    })
    .default({}),
});
export type AnalyticsBatch = z.input<typeof analyticsBatchSchema>;

export const analyticsAcceptedSchema = z.object({ accepted: z.number().int() });

/** PUT /api/users/me/analytics: whether the user's events may be tied to them (privacy page). */
export const analyticsPreferenceSchema = z.object({ personal: z.boolean() });
export type AnalyticsPreference = z.infer<typeof analyticsPreferenceSchema>;

// The operator's console (/admin).

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Fecha no válida (AAAA-MM-DD)');

/** GET /api/admin/overview?from=&to= (days, both included, UTC). */
export const adminPeriodSchema = z
  .object({ from: isoDay, to: isoDay })
  .refine(({ from, to }) => from <= to, {
    message: 'La fecha inicial es posterior a la final',
    path: ['from'],
  })
  .refine(({ from, to }) => Date.parse(to) - Date.parse(from) <= 400 * 86_400_000, {
    message: 'El periodo puede abarcar como mucho 400 días',
    path: ['to'],
  });
export type AdminPeriod = z.infer<typeof adminPeriodSchema>;

const count = z.number().int();
const perDay = z.array(z.object({ day: z.string(), count }));

export const adminOverviewSchema = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  signups_per_day: perDay,
  funnel: z.object({
    registered: count,
    onboarded: count,
    plan_chosen: count,
    business_created: count,
    first_answer: count,
  }),
  active_users: count,
  active_users_per_day: perDay,
  answers_per_day: z.array(z.object({ day: z.string(), answers: count, failed: count })),
  credits_spent: count,
  /** Customers only: the operators (ADMIN_EMAILS) are in no figure. */
  users_per_plan: z.array(
    z.object({
      plan_id: count,
      name: z.string(),
      users: count,
      /** Of `users`, those whose plan came through the local test checkout (no Stripe key). */
      test_checkout_users: count,
    }),
  ),
  /** Real revenue: paid plans, the local test checkout's left out. */
  monthly_recurring_revenue_eur: z.number(),
  /** What the plans paid through the local test checkout would bring: test money, not revenue. */
  test_checkout_revenue_eur: z.number(),
  research: z.object({
    by_state: z.array(z.object({ state: z.string(), count })),
    median_seconds: z.number().nullable(),
    p95_seconds: z.number().nullable(),
  }),
  top_pages: z.array(z.object({ page: z.string(), views: count })),
  utm_sources: z.array(z.object({ source: z.string(), sessions: count })),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

export const ADMIN_USERS_PAGE_SIZE = 20;

/** GET /api/admin/users?q=&page= */
export const adminUsersQuerySchema = z.object({
  q: userText().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const adminUserSchema = z.object({
  id: count,
  email: z.string(),
  full_name: z.string(),
  plan_id: count,
  /** null: unlimited (plan 12). */
  credits: count.nullable(),
  businesses: count,
  created_at: z.string(),
  last_seen: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersSchema = z.object({
  users: z.array(adminUserSchema),
  total: count,
  page: count,
  page_size: count,
});
export type AdminUsers = z.infer<typeof adminUsersSchema>;

/** POST /api/admin/users/{id}/credits */
export const grantCreditsInputSchema = z.object({
  amount: z
    .number()
    .int('Escribe un número entero')
    .min(1, 'Como mínimo 1 crédito')
    .max(100_000, 'Como mucho 100.000 créditos'),
  reason: userText().trim().min(3, 'Escribe el motivo (al menos 3 caracteres)').max(500),
  /** Made once per grant form: a retried request (a lost answer, a double click) grants once. */
  request_id: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, 'Identificador de la petición no válido'),
});
export type GrantCreditsInput = z.infer<typeof grantCreditsInputSchema>;
export const grantCreditsResultSchema = z.object({ available_credits: count.nullable() });

export const adminFailedResearchSchema = z.object({
  id: count,
  business_id: count,
  business_name: z.string(),
  user_email: z.string(),
  error: z.string().nullable(),
  failed_at: z.string().nullable(),
});
export type AdminFailedResearch = z.infer<typeof adminFailedResearchSchema>;
export const adminFailedResearchesSchema = z.object({ researches: z.array(adminFailedResearchSchema) });

/** POST /api/admin/researches/{id}/retry: the new run. */
export const adminRetryResultSchema = z.object({ research_id: idSchema });

export const adminAuditEntrySchema = z.object({
  id: count,
  admin_email: z.string(),
  action: z.enum(['grant_credits', 'retry_research']),
  target_user_id: count.nullable(),
  /** The target's e-mail; null when the user is gone (or there is none). */
  target_email: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;
export const adminAuditSchema = z.object({ entries: z.array(adminAuditEntrySchema) });

import type { PlanId } from '@rumbo/contract';
import type Stripe from 'stripe';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';

type StripeConfig = NonNullable<ConstructorParameters<typeof Stripe>[1]>;

/** Settings of a Stripe client; STRIPE_API_URL sends the real SDK elsewhere (a loopback fake in tests). */
export function stripeConfig(env: Env): StripeConfig {
  const config: StripeConfig = { maxNetworkRetries: 2, timeout: 20_000, appInfo: { name: env.PRODUCT_NAME } };
  if (env.STRIPE_API_URL) {
    const url = new URL(env.STRIPE_API_URL);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    config.protocol = protocol;
    config.host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    config.port = url.port ? Number(url.port) : protocol === 'http' ? 80 : 443;
  }
  return config;
}

/** STRIPE_PRICE_<plan id> by plan, and back. */
export interface PriceTable {
  byPlan: Map<PlanId, string>;
  byPrice: Map<string, PlanId>;
}

export function priceTable(env: Env): PriceTable {
  const byPlan = new Map<PlanId, string>();
  const entries: Array<[PlanId, string | undefined]> = [
    [5, env.STRIPE_PRICE_5],
    [7, env.STRIPE_PRICE_7],
    [11, env.STRIPE_PRICE_11],
    [12, env.STRIPE_PRICE_12],
  ];
  for (const [planId, price] of entries) if (price) byPlan.set(planId, price);
  const byPrice = new Map<string, PlanId>([...byPlan].map(([planId, price]) => [price, planId]));
  return { byPlan, byPrice };
}

/** What every Stripe step needs: the SDK's client, our database and the plans' prices. */
export interface StripeContext {
  stripe: Stripe;
  db: Db;
  prices: PriceTable;
}

/**
 * A client of the SDK. The SDK is loaded here, at the first payment step, not at start: a server without
 * Stripe keys never loads it (ADR 0027). A failed load throws where the step would have failed.
 */
export async function stripeClient(env: Env, secretKey: string): Promise<Stripe> {
  const { default: StripeSdk } = await import('stripe');
  return new StripeSdk(secretKey, stripeConfig(env));
}

export async function createStripeContext(env: Env, db: Db, secretKey: string): Promise<StripeContext> {
  return { stripe: await stripeClient(env, secretKey), db, prices: priceTable(env) };
}

/** The id of a field Stripe returns either as an id or, expanded, as the object. */
export const idOf = (value: string | { id: string } | null | undefined): string | undefined =>
  typeof value === 'string' ? value : (value?.id ?? undefined);

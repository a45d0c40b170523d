import { type AdminPeriod, isPlanId, PLANS } from '@rumbo/contract';
import { adminCopy } from '../../config/copy/admin.es.ts';

const DAY_MS = 86_400_000;

/** Always grouped: by default es-ES leaves 4-digit numbers bare ('2560'), unlike '12.800'. */
const numbers = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 0, useGrouping: 'always' });
const percents = new Intl.NumberFormat('es-ES', { style: 'percent', maximumFractionDigits: 1 });
const wholeEuros = new Intl.NumberFormat('es-ES', {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 0,
  useGrouping: 'always',
});
const centEuros = new Intl.NumberFormat('es-ES', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  useGrouping: 'always',
});
const shortDate = new Intl.DateTimeFormat('es-ES', { dateStyle: 'short' });
const dateTime = new Intl.DateTimeFormat('es-ES', { dateStyle: 'short', timeStyle: 'short' });
const dayMonth = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const utcDate = new Intl.DateTimeFormat('es-ES', { dateStyle: 'short', timeZone: 'UTC' });

/** The UTC day of a moment, as the API takes it ('2026-05-14'). */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The last `days` UTC days, today included. */
export function lastDays(days: number, now = new Date()): AdminPeriod {
  return { from: isoDay(new Date(now.getTime() - (days - 1) * DAY_MS)), to: isoDay(now) };
}

export function formatNumber(value: number): string {
  return numbers.format(value);
}

/** `part` as a share of `whole` ('12,5 %'); a share of nothing is 0 %. */
export function formatShare(part: number, whole: number): string {
  return percents.format(whole > 0 ? part / whole : 0);
}

/** '1.240 €', or '12,50 €' when there are cents. */
export function formatEuros(amount: number): string {
  return (Number.isInteger(amount) ? wholeEuros : centEuros).format(amount);
}

/** '2 min 5 s' ('45 s' under a minute); '—' when there is no figure. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return adminCopy.none;
  const total = Math.round(seconds);
  const minutes = Math.floor(total / 60);
  return minutes > 0 ? `${minutes} min ${total % 60} s` : `${total} s`;
}

/** A UTC day of the API ('2026-05-14') for a chart axis: '14 may'. */
export function formatAxisDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dayMonth.format(date);
}

/** A UTC day of the API as a date: '14/5/26'. */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : utcDate.format(date);
}

/** A moment (ISO) as a date in the operator's time zone; null stays null. */
export function formatDate(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : shortDate.format(date);
}

/** A moment (ISO) as a date and time in the operator's time zone. */
export function formatDateTime(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/** The answers of a period: `answers` are the ones given, `failed` the ones that could not be. */
export function answerTotals(days: readonly { answers: number; failed: number }[]) {
  // `answers` counts every attempt, the failed ones included.
  const answers = days.reduce((sum, day) => sum + day.answers, 0);
  const failed = days.reduce((sum, day) => sum + day.failed, 0);
  return { answers, failed, failureRate: formatShare(failed, answers) };
}

export function sumCounts(days: readonly { count: number }[]): number {
  return days.reduce((sum, day) => sum + day.count, 0);
}

/**
 * The plan's name as the product shows it, or the server's when the catalogue does not know it. The
 * three CEO plans share a name, so theirs says the monthly credits too.
 */
export function planName(planId: number, fallback?: string): string {
  if (!isPlanId(planId)) return fallback ?? adminCopy.plans.unknown(planId);
  const plan = PLANS[planId];
  const shared = Object.values(PLANS).some((other) => other.id !== plan.id && other.name === plan.name);
  if (!shared) return plan.name;
  return `${plan.name} · ${
    plan.monthlyCredits === null
      ? adminCopy.plans.unlimited
      : adminCopy.plans.monthlyCredits(formatNumber(plan.monthlyCredits))
  }`;
}

import { homeCopy } from '../../config/copy/home.es.ts';

const relative = new Intl.RelativeTimeFormat('es', { numeric: 'auto' });

/** Each unit, and how many of it make the next one. */
const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.345],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** 'hace 5 minutos', 'ayer', 'hace 3 semanas': how long ago `iso` was, in Spanish. */
export function timeAgo(iso: string, now = Date.now()): string {
  let amount = (Date.parse(iso) - now) / 1000;
  if (Math.abs(amount) < 45) return homeCopy.justNow;
  for (const [unit, size] of UNITS) {
    if (Math.abs(amount) < size) return relative.format(Math.round(amount), unit);
    amount /= size;
  }
  return relative.format(Math.round(amount), 'year');
}

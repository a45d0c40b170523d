import { chatCopy } from '../../config/copy/chat.es.ts';

const MAX_FILE_NAME_LENGTH = 15;
const SHORT_FILE_NAME_LENGTH = 12;

/** Always grouped: by default es-ES leaves 4-digit numbers bare ('2560'), unlike '12.800'. */
const kilobytes = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 0, useGrouping: 'always' });

/**
 * 'presupuesto-2026.pdf' → 'presupuesto-...'; names of up to 15 characters stay whole.
 * Counts code points, so an accented letter or emoji is never split in half.
 */
export function shortenFileName(name: string): string {
  const chars = Array.from(name);
  if (chars.length <= MAX_FILE_NAME_LENGTH) return name;
  return `${chars.slice(0, SHORT_FILE_NAME_LENGTH).join('')}...`;
}

/** '2.560 KB'; any non-empty file shows at least '1 KB', so it never looks empty. */
export function formatSizeKb(bytes: number): string {
  const kb = bytes > 0 ? Math.max(1, Math.round(bytes / 1024)) : 0;
  return `${kilobytes.format(kb)} KB`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const age = chatCopy.status.researchAge;

/** 'Hace 5 minutos', 'Hace 1 hora', 'Hace 3 días'; a date in the future (clock skew) counts as just now. */
export function formatResearchAge(from: Date, now: Date): string {
  const elapsed = Math.max(0, now.getTime() - from.getTime());
  if (elapsed < MINUTE) return age.justNow;
  if (elapsed < HOUR) return age.minutes(Math.floor(elapsed / MINUTE));
  if (elapsed < DAY) return age.hours(Math.floor(elapsed / HOUR));
  return age.days(Math.floor(elapsed / DAY));
}

import { DEFAULT_TIME_ZONE, isTimeZone } from '@rumbo/contract';

/** A moment as a user lives it in their time zone: their date, hour, weekday and ISO week. */
export interface LocalTime {
  /** YYYY-MM-DD */
  date: string;
  /** YYYY-MM-DD of the next day. */
  tomorrow: string;
  hour: number;
  /** 1 Monday … 7 Sunday */
  weekday: number;
  /** ISO week, 'YYYY-Www'. */
  week: string;
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

export const timeZoneOf = (stored: string | null) =>
  stored && isTimeZone(stored) ? stored : DEFAULT_TIME_ZONE;

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

function isoWeek(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  const weekday = day.getUTCDay() || 7;
  // The Thursday of this week decides its year.
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

export function localTime(now: Date, timeZone: string): LocalTime {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      weekday: 'short',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  return {
    date,
    tomorrow: addDays(date, 1),
    hour: Number(parts.hour),
    weekday: WEEKDAYS[parts.weekday ?? 'Mon'] ?? 1,
    week: isoWeek(date),
  };
}

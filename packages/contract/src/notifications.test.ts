import { describe, expect, it } from 'vitest';
import {
  hasNotifications,
  isTimeZone,
  notificationPreferencesPatchSchema,
  PLANS,
  timeZoneSchema,
} from './index.ts';

describe('the notifications in the catalogue (ADR 0056)', () => {
  it('are on the CEO plans, without their "Proximamente...", and listed as not included elsewhere', () => {
    expect([-1, 9, 5, 7, 11, 12].filter(hasNotifications)).toEqual([7, 11, 12]);
    for (const id of [7, 11, 12] as const) {
      expect(PLANS[id].features).toContainEqual({ text: 'Notificaciones inteligentes', included: true });
    }
    for (const id of [9, 5] as const) {
      expect(PLANS[id].features).toContainEqual({ text: 'Notificaciones inteligentes', included: false });
    }
  });
});

describe('the preferences and the time zone', () => {
  it('a PATCH keeps only what it names and refuses unknown fields', () => {
    expect(notificationPreferencesPatchSchema.parse({ tasks: false })).toEqual({ tasks: false });
    expect(notificationPreferencesPatchSchema.safeParse({ mail_frequency: 'mensual' }).success).toBe(false);
    expect(notificationPreferencesPatchSchema.safeParse({ sms: true }).success).toBe(false);
  });

  it('takes an IANA zone that Intl knows, and nothing else', () => {
    expect(isTimeZone('America/Mexico_City')).toBe(true);
    expect(isTimeZone('Europe/Madrid')).toBe(true);
    expect(timeZoneSchema.safeParse({ time_zone: 'Marte/Olimpo' }).success).toBe(false);
    expect(timeZoneSchema.safeParse({ time_zone: '<script>' }).success).toBe(false);
  });
});

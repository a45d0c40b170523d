import { describe, expect, it } from 'vitest';
import { formatResearchAge, formatSizeKb, shortenFileName } from './format.ts';

describe('shortenFileName', () => {
  it('keeps names of up to 15 characters', () => {
    expect(shortenFileName('')).toBe('');
    expect(shortenFileName('plan.pdf')).toBe('plan.pdf');
    expect(shortenFileName('123456789012345')).toBe('123456789012345');
  });

  it('cuts longer names to 12 characters plus "..."', () => {
    expect(shortenFileName('1234567890123456')).toBe('123456789012...');
    expect(shortenFileName('presupuesto-2026.pdf')).toBe('presupuesto-...');
  });

  it('counts accented letters and emoji as one character', () => {
    expect(shortenFileName('módulo-añoñ.pdf')).toBe('módulo-añoñ.pdf');
    expect(shortenFileName('diseño-logotipo.png')).toBe('diseño-logot...');
    expect(shortenFileName('🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀')).toBe('🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀');
    expect(shortenFileName('🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀')).toBe('🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀...');
  });
});

describe('formatSizeKb', () => {
  it('shows empty files as 0 KB and anything else as at least 1 KB', () => {
    expect(formatSizeKb(0)).toBe('0 KB');
    expect(formatSizeKb(1)).toBe('1 KB');
    expect(formatSizeKb(511)).toBe('1 KB');
  });

  it('rounds to whole kilobytes', () => {
    expect(formatSizeKb(1024)).toBe('1 KB');
    expect(formatSizeKb(1535)).toBe('1 KB');
    expect(formatSizeKb(1536)).toBe('2 KB');
    expect(formatSizeKb(999 * 1024)).toBe('999 KB');
  });

  it('groups thousands the Spanish way', () => {
    expect(formatSizeKb(2.5 * 1024 * 1024)).toBe('2.560 KB');
    expect(formatSizeKb(1000 * 1024)).toBe('1.000 KB');
    expect(formatSizeKb(20 * 1024 * 1024)).toBe('20.480 KB');
  });
});

describe('formatResearchAge', () => {
  const now = new Date('2026-11-21T12:00:00.000Z');
  const ago = (ms: number) => formatResearchAge(new Date(now.getTime() - ms), now);
  const second = 1000;
  const minute = 60 * second;
  const hour = 60 * minute;
  const day = 24 * hour;

  it('says less than a minute for the first 59 seconds', () => {
    expect(ago(0)).toBe('Hace menos de 1 minuto');
    expect(ago(59 * second)).toBe('Hace menos de 1 minuto');
  });

  it('counts whole minutes up to 59', () => {
    expect(ago(minute)).toBe('Hace 1 minuto');
    expect(ago(119 * second)).toBe('Hace 1 minuto');
    expect(ago(2 * minute)).toBe('Hace 2 minutos');
    expect(ago(59 * minute + 59 * second)).toBe('Hace 59 minutos');
  });

  it('switches to hours at 60 minutes', () => {
    expect(ago(60 * minute)).toBe('Hace 1 hora');
    expect(ago(2 * hour)).toBe('Hace 2 horas');
    expect(ago(23 * hour + 59 * minute)).toBe('Hace 23 horas');
  });

  it('switches to days at 24 hours', () => {
    expect(ago(24 * hour)).toBe('Hace 1 día');
    expect(ago(47 * hour)).toBe('Hace 1 día');
    expect(ago(3 * day)).toBe('Hace 3 días');
  });

  it('treats a future date as just now', () => {
    expect(ago(-5 * minute)).toBe('Hace menos de 1 minuto');
  });
});

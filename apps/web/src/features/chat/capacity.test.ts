import type { Chat } from '@rumbo/contract';
import { describe, expect, it } from 'vitest';
import { CAPACITY_LOADING_MS, capacityProgress, capacityStart } from './capacity.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const chatAt = (iso: string): Chat => ({ id: 1, business_id: 1, start_time: iso, title: '' });

describe('the capacity notification (product.md §4)', () => {
  it('is never shown on Starter', () => {
    expect(capacityStart(9, [], NOW)).toBeNull();
  });

  it('counts 10 minutes from now when there are no chats', () => {
    expect(capacityStart(7, [], NOW)).toBe(NOW);
  });

  it('counts from the earliest chat when it started less than 10 minutes ago', () => {
    const chats = [chatAt('2026-11-21T11:58:00.000000Z'), chatAt('2026-11-21T11:55:00.000000Z')];
    expect(capacityStart(11, chats, NOW)).toBe(Date.parse('2026-11-21T11:55:00Z'));
  });

  it('is hidden once the earliest chat is 10 minutes old, or when no chat has a start time', () => {
    expect(capacityStart(12, [chatAt('2026-11-21T11:50:00.000000Z')], NOW)).toBeNull();
    expect(capacityStart(12, [chatAt('no_started')], NOW)).toBeNull();
  });

  it('fills from 0 to 1 over the loading time', () => {
    expect(capacityProgress(NOW, NOW)).toBe(0);
    expect(capacityProgress(NOW, NOW + CAPACITY_LOADING_MS / 4)).toBe(0.25);
    expect(capacityProgress(NOW, NOW + CAPACITY_LOADING_MS * 2)).toBe(1);
  });
});

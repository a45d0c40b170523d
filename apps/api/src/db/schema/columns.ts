import { timestamp } from 'drizzle-orm/pg-core';

/** A timestamp with time zone and microseconds (messages show 6 fractional digits, product.md §3). */
export const at = (name: string) => timestamp(name, { withTimezone: true, precision: 6 });
export const createdAt = () => at('created_at').notNull().defaultNow();
export const updatedAt = () => at('updated_at').notNull().defaultNow();

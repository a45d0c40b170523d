export * from './analytics.ts';
export * from './auth.ts';
export * from './billing.ts';
export * from './businesses.ts';
export * from './chats.ts';
export * from './credits.ts';
export * from './research.ts';
export * from './write-limits.ts';

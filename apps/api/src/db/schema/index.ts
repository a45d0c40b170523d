export * from './auth.ts';

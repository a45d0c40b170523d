import { z } from 'zod';

// Validation messages zod writes itself (types, formats) are in Spanish, on the server and in the browser.
z.config(z.locales.es());

export * from './billing.ts';
export * from './business.ts';
export * from './chat.ts';
export * from './errors.ts';
export * from './onboarding.ts';
export * from './plans.ts';
export * from './public-config.ts';

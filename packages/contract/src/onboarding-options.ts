// The onboarding's options, without zod: screens import them without loading the schemas (see zod.ts).

/** product.md §3 'Onboarding options': where the user found us (kept on the user, reported to analytics). */
export const DISCOVERY_SOURCES = [
  'friends',
  'instagram',
  'tiktok',
  'youtube',
  'google',
  'incubator',
  'other',
] as const;
export type DiscoverySource = (typeof DISCOVERY_SOURCES)[number];

/** product.md §3 'Onboarding options': how long the venture has been going (kept in the browser only). */
export const EXPERIENCE_OPTIONS = ['start', '2years', '5years', '8years'] as const;
export type Experience = (typeof EXPERIENCE_OPTIONS)[number];

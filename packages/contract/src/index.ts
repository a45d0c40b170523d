// Schemas (zod) and the zod-free rules they are built from. Only zod.ts has a side effect (package.json
// "sideEffects"), so a bundle that imports only rules leaves zod out.
export * from './account.ts';
export * from './account-rules.ts';
export * from './analytics.ts';
export * from './analytics-rules.ts';
export * from './billing.ts';
export * from './billing-rules.ts';
export * from './business.ts';
export * from './business-rules.ts';
export * from './business-stages.ts';
export * from './chat.ts';
export * from './chat-limits.ts';
export * from './chat-rules.ts';
export * from './error-codes.ts';
export * from './errors.ts';
export * from './feedback.ts';
export * from './feedback-rules.ts';
export * from './onboarding.ts';
export * from './onboarding-options.ts';
export * from './operator-verification.ts';
export * from './operator-verification-rules.ts';
export * from './plans.ts';
export * from './public-config.ts';
export * from './public-config-meta.ts';
export * from './research-rules.ts';
export * from './text.ts';
export * from './user.ts';

/** Spanish texts of onboarding, the business wizards and the chats dashboard (part of copy.es.ts). */
export const businessesCopy = {} as const;

/** Every client route (product.md §2.1). */
export const paths = {
  home: '/',
  onboard: '/onboard',
  plans: '/plans',
  stripeCancel: '/stripe_cancel',
  stripeSuccess: '/stripe_success',
  chats: '/chats',
  chatsForced: '/chats/true',
  tools: '/tools',
  newBusiness: '/new-business',
  editBusiness: (type: string, businessId: number | string) => `/edit-business/${type}/${businessId}`,
  chat: (type: string, company: number | string) => `/chat/${type}/${company}`,
  report: (businessId: number | string) => `/report/${businessId}`,
  finance: (businessId: number | string) => `/finanzas/${businessId}`,
  /** A business's roadmap ('Hoja de ruta', ADR 0055). */
  roadmap: (businessId: number | string) => `/roadmap/${businessId}`,
  /** A read-only shared plan (ADR 0042): open to anyone with the link. */
  sharedPlan: (token: string) => `/compartido/${token}`,
  profile: '/profile',
  subscription: '/profile/sub',
  resetPassword: '/reset-password',
  register: '/register',
  terms: '/terminos',
  privacy: '/privacidad',
  /** The footer link of a product mail (ADR 0050): turns 'Correos de Rumbo' off with its signed token, no session. */
  unsubscribe: '/baja',
  admin: '/admin',
  /** The app's own PDF viewer for an attachment at `src` (ADR 0032): the browser's would run its JavaScript. */
  pdf: (src: string, name: string) => `/pdf?${new URLSearchParams({ src, name })}`,
} as const;

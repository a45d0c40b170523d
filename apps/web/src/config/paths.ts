/** Every client route (spec §2.1). */
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
  profile: '/profile',
  subscription: '/profile/sub',
  resetPassword: '/reset-password',
  register: '/register',
} as const;

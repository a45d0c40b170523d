import { UNKNOWN_PAGE_NAME } from '@rumbo/contract';
import { copy } from '../../config/copy.es.ts';

const titles = copy.titles;

/**
 * The console names a page as the app titles it. Views are counted by route (the §2.12 normalised
 * path); the names §2.12 stores ('Dashboard Home', 'On Board'…) stay in the events as sent, and the
 * counts made before the route was counted are keyed by them, so both lead to the same name here.
 */
const BY_KEY: Record<string, string> = {
  '/': titles.home,
  'Dashboard Home': titles.home,
  '/login': titles.login,
  Login: titles.login,
  '/register': titles.register,
  Registro: titles.register,
  '/forgottenPass': titles.forgot,
  'Contraseña olvidada': titles.forgot,
  '/reset-password': titles.resetPassword,
  'Nueva contraseña': titles.resetPassword,
  '/onboard': titles.onboarding,
  'On Board': titles.onboarding,
  '/plans': titles.plans,
  Planes: titles.plans,
  '/stripe_success': titles.paymentResult,
  'Pago completado': titles.paymentResult,
  '/stripe_cancel': titles.paymentFailed,
  '/chats': titles.chats,
  'Panel de negocios': titles.chats,
  '/tools': titles.tools,
  'Panel de herramientas': titles.tools,
  '/new-business': titles.newBusiness,
  'Creación de negocio': titles.newBusiness,
  '/edit-business': titles.editBusiness,
  'Edición de negocio': titles.editBusiness,
  '/chat': titles.chat,
  Chat: titles.chat,
  '/report': titles.report,
  '/finanzas': titles.finance,
  '/compartido': titles.sharedPlan,
  '/profile': titles.profile,
  Perfil: titles.profile,
  '/profile/sub': titles.subscription,
  'Planes del perfil': titles.subscription,
  '/terminos': titles.terms,
  '/privacidad': titles.privacy,
  '/baja': titles.unsubscribe,
  '/admin': titles.console,
  '/pdf': titles.pdf,
};

/** A page's Spanish name in the console: what the app calls the screen, or 'Ruta desconocida'. */
export function consolePageName(key: string): string {
  return BY_KEY[key] ?? UNKNOWN_PAGE_NAME;
}

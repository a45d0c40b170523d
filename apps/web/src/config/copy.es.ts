/**
 * Every Spanish text the web app shows. Components import from here; they hold no copy of their own.
 * The chat's, the report's, the console's and the legal pages' texts are imported from `copy/` by their
 * own routes only, which keeps them out of the entry (the login's budget, ADR 0012).
 */
import { billingCopy } from './copy/billing.es.ts';
import { businessesCopy } from './copy/businesses.es.ts';
import { homeCopy } from './copy/home.es.ts';

export const copy = {
  common: {
    loading: 'Cargando',
    comingSoon: 'Proximamente...',
    backHome: 'Volver al inicio',
    skipToContent: 'Saltar al contenido',
  },
  nav: {
    home: 'Inicio',
    chats: 'Chats',
    settings: 'Ajustes',
    console: 'Consola',
  },
  screens: {
    login: 'Iniciar sesión',
    onboarding: 'Bienvenida',
    plans: 'Selecciona un plan para continuar',
    home: 'Inicio',
    chats: 'Aquí empieza algo grande...',
    tools: 'Herramientas!',
    newBusiness: 'Crear nuevo chat',
    editBusiness: 'Editar chat',
    chat: 'Chat',
    profile: 'Perfil',
    subscription: 'Suscripción',
    resetPassword: 'Establecer nueva contraseña',
    paymentFailed: 'No se ha podido realizar el pago',
    paymentResult: 'Resultado del pago',
  },
  /** Each page's document title, shown as 'Chats · Rumbo' (product.md §2.2). */
  titles: {
    login: 'Iniciar sesión',
    register: 'Crear cuenta',
    forgot: 'Recuperar contraseña',
    onboarding: 'Bienvenida',
    plans: 'Planes',
    home: 'Inicio',
    chats: 'Chats',
    tools: 'Herramientas',
    newBusiness: 'Crear nuevo chat',
    editBusiness: 'Editar chat',
    chat: 'Chat',
    report: 'Investigación de mercado',
    finance: 'Plan financiero',
    roadmap: 'Hoja de ruta',
    sharedPlan: 'Plan compartido',
    profile: 'Perfil',
    subscription: 'Suscripción',
    resetPassword: 'Nueva contraseña',
    paymentResult: 'Resultado del pago',
    paymentFailed: 'Pago no realizado',
    terms: 'Condiciones del servicio',
    privacy: 'Política de privacidad',
    console: 'Consola',
    pdf: 'Documento PDF',
    unsubscribe: 'Darse de baja de los correos',
  },
  auth: {
    brandTagline: 'Tu mentor de negocio con inteligencia artificial',
    views: {
      login: { title: 'Inicia sesión', subtitle: 'Entra para seguir trabajando en tus negocios.' },
      register: {
        title: 'Crea tu cuenta',
        subtitle: 'Empieza a hablar con tu mentor en menos de un minuto.',
      },
      forgot: {
        title: 'Recupera tu cuenta',
        subtitle: 'Escribe tu correo y te enviaremos un enlace para crear una contraseña nueva.',
      },
    },
    email: 'Correo electrónico',
    emailPlaceholder: 'tu@correo.com',
    password: 'Contraseña',
    passwordPlaceholder: 'Mínimo 8 caracteres',
    passwordTooShort: 'La contraseña debe tener al menos 8 caracteres',
    fullName: 'Nombre completo',
    fullNamePlaceholder: 'Nombre y apellidos',
    fullNameRequired: 'Escribe tu nombre',
    rememberMe: 'Recordarme en este dispositivo',
    accountDeleted: 'Tu cuenta y todos tus datos se han eliminado.',
    forgotPassword: '¿Olvidaste tu contraseña?',
    signIn: 'Iniciar sesión',
    continueWithGoogle: 'Continuar con Google',
    googleUnavailable: 'El acceso con Google no está disponible en esta instalación.',
    or: 'o',
    noAccount: '¿No tienes una cuenta?',
    register: 'Regístrate',
    createAccount: 'Crear cuenta',
    haveAccount: '¿Ya tienes una cuenta? Inicia sesión',
    recover: 'Recuperar mi cuenta',
    backToLogin: 'Volver a iniciar sesión',
    signOut: 'Cerrar sesión',
    terms: {
      before: 'Acepto las ',
      termsLink: 'condiciones del servicio',
      between: ' y la ',
      privacyLink: 'política de privacidad',
      required: 'Obligatorio',
    },
    checkInbox: {
      title: 'Revisa tu bandeja de entrada',
      sent: (email: string) =>
        `Si hay una cuenta con ${email}, te hemos enviado un enlace para restablecer tu contraseña.`,
      spam: 'Si no lo ves en unos minutos, revisa la carpeta de spam o de correo no deseado.',
    },
    reset: {
      title: 'Establecer nueva contraseña',
      subtitle: 'Elige una contraseña nueva para tu cuenta.',
      newPassword: 'Nueva contraseña',
      confirmPassword: 'Confirmar contraseña',
      confirmPlaceholder: 'Repite la contraseña',
      submit: 'Restablecer contraseña',
      mismatch: 'Las contraseñas no coinciden',
      /** product.md §5: a reset link without mode or code. */
      invalidLink: 'El enlace de recuperación no es válido o ha expirado.',
      /** ADR 0018: a dead link offers the forgotten-password view. */
      newLink: 'Enviarme un enlace nuevo',
      checking: 'Comprobando el enlace…',
      askAgain: 'Cada enlace sirve una sola vez y durante 1 hora. Pide otro y úsalo desde el último correo.',
      successTitle: 'Contraseña restablecida',
      successBody: 'Ya puedes iniciar sesión con tu nueva contraseña.',
      redirecting: (seconds: number) => `Te llevamos al inicio de sesión en ${seconds}…`,
    },
    /** product.md §8, one table per view. '' means the view stays silent. */
    errors: {
      login: {
        'invalid-email': 'Email no válido',
        'invalid-credential': 'Correo o contraseña incorrectos',
        'user-not-found': 'Correo o contraseña incorrectos',
        'wrong-password': 'Correo o contraseña incorrectos',
        'too-many-requests': 'Demasiados intentos fallidos, intenta más tarde',
        'popup-closed-by-user': '',
        // ADR 0005: Google refused because a password account already uses the address.
        'account-exists-with-different-credential':
          'Ya existe una cuenta con este correo. Inicia sesión con tu contraseña.',
        // The spec's text, typo included.
        other: 'Error al inciar sesión',
      },
      register: {
        'invalid-email': 'Email no válido',
        'email-already-in-use': 'Ya existe una cuenta con este correo',
        'password-does-not-meet-requirements': 'La contraseña debe tener al menos 8 caracteres',
        'popup-closed-by-user': '',
        other: 'Error al crear la cuenta, intentelo más tarde.',
      },
      forgot: {
        'invalid-email': 'Email no válido',
        other: 'Error al recuperar contraseña, intentelo más tarde.',
      },
      reset: {
        'expired-action-code': 'El enlace ha expirado',
        'invalid-action-code': 'El enlace no es válido o ya ha sido usado',
        'password-does-not-meet-requirements': 'La contraseña debe tener al menos 8 caracteres',
        // Not in product.md §8 (its 'other' is silent), but silence would leave a rate-limited user pressing
        // the button without knowing why nothing happens.
        'too-many-requests': 'Demasiados intentos fallidos, intenta más tarde',
        other: '',
      },
    },
  },
  errors: {
    screenFailed: 'No se ha podido cargar esta pantalla.',
    screenFailedHint: 'Comprueba tu conexión y vuelve a intentarlo.',
    retry: 'Reintentar',
  },
  billing: billingCopy,
  businesses: businessesCopy,
  home: homeCopy,
} as const;

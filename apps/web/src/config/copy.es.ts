/** Every Spanish text the web app shows. Components import from here; they hold no copy of their own. */
import { billingCopy } from './copy/billing.es.ts';
import { businessesCopy } from './copy/businesses.es.ts';
import { chatCopy } from './copy/chat.es.ts';

export const copy = {
  common: {
    loading: 'Cargando',
    comingSoon: 'Proximamente...',
    backHome: 'Volver al inicio',
  },
  nav: {
    home: 'Inicio',
    chats: 'Chats',
    settings: 'Ajustes',
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
    rememberMe: 'Recordarme en este dispositivo',
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
      /** Spec §5: a reset link without mode or code. */
      invalidLink: 'El enlace de recuperación no es válido o ha expirado.',
      successTitle: 'Contraseña restablecida',
      successBody: 'Ya puedes iniciar sesión con tu nueva contraseña.',
      redirecting: (seconds: number) => `Te llevamos al inicio de sesión en ${seconds}…`,
    },
    /** Spec §8, one table per view. '' means the view stays silent. */
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
        // Not in spec §8 (its 'other' is silent), but silence would leave a rate-limited user pressing
        // the button without knowing why nothing happens.
        'too-many-requests': 'Demasiados intentos fallidos, intenta más tarde',
        other: '',
      },
    },
  },
  legal: {
    terms: (product: string) => ({
      title: 'Condiciones del servicio',
      intro: `Estas condiciones regulan el uso de ${product}. Al crear una cuenta las aceptas; léelas con calma.`,
      sections: [
        {
          heading: `Qué es ${product}`,
          paragraphs: [
            `${product} es un mentor de negocio con inteligencia artificial para emprendedores. Registras tus negocios (una idea o una empresa en marcha) y conversas sobre ellos con un asistente que los conoce.`,
          ],
        },
        {
          heading: 'Tu cuenta',
          paragraphs: [
            'Puedes registrarte con tu correo y una contraseña o con tu cuenta de Google. Los datos que nos des deben ser ciertos.',
            'Eres responsable de guardar tu contraseña en secreto y de lo que se haga con tu cuenta. Si crees que alguien ha entrado en ella, cambia la contraseña y avísanos.',
          ],
        },
        {
          heading: 'Las respuestas de la inteligencia artificial',
          paragraphs: [
            'Las respuestas las genera un modelo de inteligencia artificial y pueden contener errores, estar incompletas o no estar al día. Son orientativas y no sustituyen el asesoramiento legal, fiscal, financiero ni de ningún otro profesional.',
            'Comprueba la información importante antes de tomar decisiones: las decisiones sobre tu negocio son siempre tuyas.',
          ],
        },
        {
          heading: 'Planes, créditos y pagos',
          paragraphs: [
            'Cada plan incluye un número de créditos al mes (o créditos ilimitados) y cada respuesta del asistente consume créditos. El plan gratuito no requiere pago.',
            `Los pagos de los planes de pago se hacen con tarjeta a través de nuestro proveedor de pagos; ${product} no ve ni guarda el número de tu tarjeta. La suscripción se renueva cada mes hasta que la canceles o la cambies desde tu perfil.`,
          ],
        },
        {
          heading: 'Uso aceptable y tu contenido',
          paragraphs: [
            'No uses el servicio para actividades ilegales, para subir contenido que no tengas derecho a compartir ni para intentar acceder a datos de otras personas o entorpecer el servicio.',
            'Los datos de tus negocios, tus mensajes y tus archivos siguen siendo tuyos. Solo los usamos para prestarte el servicio.',
          ],
        },
        {
          heading: 'Cambios, baja y contacto',
          paragraphs: [
            'Podemos actualizar estas condiciones; si el cambio es importante te avisaremos antes. Puedes dejar de usar el servicio y pedir que borremos tu cuenta cuando quieras.',
            'Para cualquier duda, escríbenos desde la opción de enviar comentarios de la aplicación.',
          ],
        },
      ],
    }),
    privacy: (product: string) => ({
      title: 'Política de privacidad',
      intro: `Aquí explicamos qué datos trata ${product}, para qué y qué puedes hacer con ellos.`,
      sections: [
        {
          heading: 'Qué datos tratamos',
          paragraphs: [
            'Los de tu cuenta (nombre, correo electrónico y tu contraseña cifrada, o el identificador de tu cuenta de Google), los datos de los negocios que registras, tus conversaciones y los archivos que adjuntas, y datos de uso del producto (pantallas visitadas y acciones).',
          ],
        },
        {
          heading: 'Para qué los usamos',
          paragraphs: [
            'Para prestarte el servicio: mantener tu sesión, generar las respuestas del asistente sobre tu negocio, preparar investigaciones de mercado y gestionar tu plan y tus créditos. Los datos de uso nos sirven para entender cómo se usa el producto y mejorarlo.',
            'Para responder, enviamos al proveedor del modelo de inteligencia artificial el contexto necesario (los datos del negocio y la conversación). No vendemos tus datos ni los usamos para publicidad.',
          ],
        },
        {
          heading: 'Pagos',
          paragraphs: [
            'Los pagos los gestiona nuestro proveedor de pagos con tarjeta. Nosotros no vemos ni guardamos el número de tu tarjeta: solo sabemos qué plan tienes y el estado de tu suscripción.',
          ],
        },
        {
          heading: 'Cuánto tiempo los guardamos',
          paragraphs: [
            'Guardamos tus datos mientras tengas una cuenta. Si pides que la borremos, eliminamos tu cuenta y todos sus datos, salvo los que la ley nos obligue a conservar durante un tiempo (por ejemplo, las facturas).',
          ],
        },
        {
          heading: 'Cookies',
          paragraphs: [
            'Usamos una cookie imprescindible para mantener tu sesión iniciada y herramientas de analítica para medir el uso del producto.',
          ],
        },
        {
          heading: 'Tus derechos y contacto',
          paragraphs: [
            'Puedes pedirnos una copia de tus datos, corregirlos, oponerte a su uso o pedir que los borremos, escribiéndonos desde la opción de enviar comentarios de la aplicación. También puedes reclamar ante la autoridad de protección de datos de tu país.',
          ],
        },
      ],
    }),
  },
  errors: {
    screenFailed: 'No se ha podido cargar esta pantalla.',
    screenFailedHint: 'Comprueba tu conexión y vuelve a intentarlo.',
    retry: 'Reintentar',
  },
  billing: billingCopy,
  businesses: businessesCopy,
  chat: chatCopy,
} as const;

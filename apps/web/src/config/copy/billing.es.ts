/** Spanish texts of plans, payments, credits, home and profile (part of copy.es.ts). */
export const billingCopy = {
  plans: {
    /** The /plans heading (product.md §2.10). */
    title: 'Selecciona un plan para continuar',
    subtitle:
      'Empieza gratis o elige el plan que mejor encaje con tu negocio. Puedes cambiarlo cuando quieras.',
    gridLabel: 'Planes disponibles',
    perMonth: '/mes',
    popular: 'Más popular',
    included: 'Incluido',
    notIncluded: 'No incluido',
    comingSoon: 'Proximamente...',
    slider: {
      label: 'Créditos al mes',
      /** Under the three positions of the CEO card's slider (product.md §9). */
      marks: ['600', '1400', 'Ilimitados'],
      valueText: (mark: string) =>
        mark === 'Ilimitados' ? 'Créditos ilimitados' : `${mark} créditos al mes`,
    },
    /** product.md §4 'Plans'. */
    buttons: {
      select: 'Seleccionar plan',
      current: 'Tu plan actual',
      change: 'Cambiar plan',
      upgrade: 'Mejorar plan',
    },
    portalHint:
      'Como ya tienes un plan de pago, los cambios de plan y la cancelación se hacen en «Gestionar suscripción».',
    /** product.md §8 ignores these failures; we say what happened and keep the user on the screen. */
    errors: {
      checkout: 'No hemos podido abrir la página de pago. Inténtalo de nuevo en unos minutos.',
      portal: 'No hemos podido abrir la gestión de tu suscripción. Inténtalo de nuevo en unos minutos.',
      free: 'No hemos podido activar el plan gratuito. Inténtalo de nuevo en unos minutos.',
      network: 'No hay conexión con el servidor. Comprueba tu conexión e inténtalo de nuevo.',
      paymentsUnavailable: 'Los pagos no están disponibles en este momento. Inténtalo más tarde.',
      subscriptionActive:
        'Ya tienes una suscripción de pago activa. Recarga la página y cambia de plan desde «Gestionar suscripción».',
      noSubscription:
        'No tienes una suscripción de pago que gestionar. Recarga la página para ver tu plan actual.',
    },
  },
  subscription: {
    title: 'Suscripción',
    currentPlan: 'Tu plan actual',
    renews: (date: string) => `Tu plan se renueva automáticamente el ${date}`,
    renewsMonthly: 'Tu plan se renueva automáticamente cada mes',
    ends: (date: string) => `Tu plan termina el ${date}`,
    endsSoon: 'Tu plan termina al final del periodo actual',
    freeRenews: (credits: number, date: string) => `Tus ${credits} créditos gratuitos se renuevan el ${date}`,
    free: 'Plan gratuito: tus créditos se renuevan cada mes',
    pastDue:
      'No hemos podido cobrar el último pago. Revisa tu método de pago en «Gestionar suscripción» para no perder tu plan.',
    noPlan: 'Todavía no has elegido un plan.',
    manage: 'Gestionar suscripción',
    manageUnavailable:
      'Con un plan de pago podrás cambiarlo, cancelarlo o revisar tus facturas desde aquí. Elige uno en «Explora nuestros planes».',
    explore: 'Explora nuestros planes',
    loadFailed: 'No hemos podido cargar los datos de tu suscripción.',
    retry: 'Reintentar',
  },
  payment: {
    checking: 'Comprobando el pago',
    success: 'Pago realizado con éxito',
    successBody: '¡Gracias! Tu plan ya está activo y tus créditos están listos para usar.',
    failed: 'No se ha podido realizar el pago',
    failedBody: 'No se ha completado ningún cambio en tu plan. Puedes intentarlo de nuevo desde tu perfil.',
    redirecting: 'Te llevamos al inicio',
    goHomeNow: 'Ir al inicio ahora',
  },
  credits: {
    unlimited: 'Créditos ilimitados',
    unit: (count: number) => (count === 1 ? 'crédito' : 'créditos'),
  },
  home: {
    title: 'Inicio',
    greeting: (name: string) => (name ? `Hola, ${name}` : 'Hola'),
    intro: 'Este es tu panel: tu plan, tus créditos y lo último de tu mentor.',
    tutorial: {
      title: (product: string) => `Aprende a usar ${product}`,
      body: 'Un vídeo corto con lo esencial: registrar tu negocio, hablar con tu mentor y aprovechar tus créditos.',
      watch: 'Ver el tutorial',
    },
    plan: {
      title: 'Tu suscripción',
      manage: 'Ver mi plan',
    },
    credits: {
      title: 'Tus créditos',
      hint: 'Cada respuesta de tu mentor consume créditos. Se renuevan cada mes con tu plan.',
      unlimitedHint: 'Tu plan no tiene límite de créditos: pregunta todo lo que necesites.',
      upgrade: 'Mejorar plan',
    },
    comingSoon: {
      title: 'Novedad: notificaciones inteligentes',
      body: 'En los planes CEO, la campana te avisa cuando tu estudio está listo, cuando una tarea vence mañana o ya ha vencido, cuando te quedan pocos créditos y cada lunes con el resumen de tu semana. Elige qué recibir, y cada cuánto por correo, en tu perfil.',
    },
    feedback: {
      title: '¿Nos ayudas a mejorar?',
      body: 'Cuéntanos qué echas en falta o qué podemos hacer mejor. Leemos todos los mensajes.',
      button: 'Enviar comentarios',
      newTab: '(se abre en una pestaña nueva)',
    },
  },
  profile: {
    title: 'Perfil',
    details: 'Tus datos',
    fullName: 'Nombre completo',
    email: 'Correo electrónico',
    emailHint: 'El correo de tu cuenta no se puede cambiar.',
    language: 'Idioma',
    spanish: 'Español',
    languageHint: (product: string) => `Por ahora ${product} solo está disponible en español.`,
    session: 'Sesión',
    sessionHint: 'Al cerrar sesión se borran de este navegador los datos de tu cuenta.',
    loadFailed: 'No hemos podido cargar tu perfil.',
    retry: 'Reintentar',
    privacy: 'Privacidad',
    analyticsPersonal: 'Asociar mis datos de uso a mi cuenta',
    analyticsPersonalHint:
      'Nos ayuda a mejorar el producto. Si lo desactivas, seguimos contando las visitas de forma anónima, sin tu identidad.',
    analyticsSaved: (personal: boolean) =>
      personal ? 'Tus datos de uso se asociarán a tu cuenta.' : 'Desde ahora tus datos de uso son anónimos.',
    preferenceFailed: 'No hemos podido guardar tu preferencia. Inténtalo de nuevo.',
    mailTitle: 'Correos de Rumbo',
    mailLabel: 'Avisarme por correo cuando mi estudio de mercado esté listo o no pueda terminar',
    mailHint: 'El correo para restablecer la contraseña se envía siempre.',
    mailSaved: (on: boolean) => (on ? 'Te avisaremos por correo.' : 'No te enviaremos estos correos.'),
    /** /baja, opened from a mail's footer without signing in (ADR 0050). */
    unsubscribe: {
      title: 'Dejar de recibir los correos de Rumbo',
      text: 'Dejarás de recibir los correos que te avisan de que tu estudio de mercado está listo o no pudo terminar. El correo para restablecer la contraseña se envía siempre.',
      confirm: 'Darme de baja',
      confirming: 'Dándote de baja…',
      done: 'Listo: ya no te enviaremos estos correos. Puedes volver a activarlos en tu perfil, en «Correos de Rumbo».',
      invalid:
        'Este enlace para darte de baja no es válido. Ábrelo de nuevo desde el correo, o desactiva los correos en tu perfil.',
      failed: 'No hemos podido darte de baja. Inténtalo de nuevo.',
      profile: 'Ir a mi perfil',
      /** A notification's mail names its kind (ADR 0056): only that kind goes. */
      topicText: (kind: string) =>
        `Dejarás de recibir los avisos de «${kind}», en la campana y por correo. El resto de notificaciones siguen como las tengas.`,
      topicDone: (kind: string) =>
        `Listo: ya no te avisaremos de «${kind}». Puedes volver a activarlo en tu perfil, en «Notificaciones».`,
    },
    privacyPolicy: 'Política de privacidad',
  },
} as const;

/** Every Spanish text the web app shows. Components import from here; they hold no copy of their own. */
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
  errors: {
    screenFailed: 'No se ha podido cargar esta pantalla.',
    screenFailedHint: 'Comprueba tu conexión y vuelve a intentarlo.',
    retry: 'Reintentar',
  },
} as const;

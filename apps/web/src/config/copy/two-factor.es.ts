// The login's second-factor view (ADR 0023). Loaded with that view only, never with the login form
// (the login's budget, ADR 0012).
export const twoFactorCopy = {
  title: 'Verificación en dos pasos',
  subtitle: 'Introduce el código de tu aplicación de autenticación',
  backupSubtitle: 'Introduce uno de tus códigos de respaldo. Cada código sirve una sola vez.',
  code: 'Código de 6 dígitos',
  backupCode: 'Código de respaldo',
  verify: 'Verificar',
  useBackup: 'Usar un código de respaldo',
  useApp: 'Usar la aplicación de autenticación',
  back: 'Volver a iniciar sesión',
  wrongCode: 'Código incorrecto',
  expired: 'El código ha caducado, vuelve a iniciar sesión',
  tooMany: 'Demasiados intentos fallidos, intenta más tarde',
  failed: 'No se ha podido verificar el código. Inténtalo de nuevo.',
} as const;

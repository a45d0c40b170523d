// The legal pages' texts, kept apart from `copy`: only the /terminos and /privacidad routes load them,
// which keeps them out of the JavaScript every screen loads (the login's budget, ADR 0012).
export const legalCopy = {
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
        heading: 'Analítica de uso',
        paragraphs: [
          `${product} mide cómo se usa el producto con su propia analítica: los eventos se guardan en nuestros servidores, no en los de terceros, y nunca se usan para publicidad.`,
          'Las estadísticas de audiencia (páginas vistas, la campaña o el sitio que te trajo, el tipo de dispositivo) son anónimas: usan un identificador aleatorio que se borra al cerrar la pestaña, y de la página que te trajo solo guardamos su dominio.',
          'Con la sesión iniciada, algunos eventos se asocian a tu cuenta (por ejemplo, que has creado un negocio o enviado un mensaje) para entender cómo se usa el producto y mejorarlo, por interés legítimo. Puedes desactivarlo cuando quieras en tu perfil, en «Privacidad»: desde entonces tus eventos se guardan sin tu identidad.',
          'Si tu navegador envía la señal «Do Not Track» o «Global Privacy Control», no enviamos ningún evento. No grabamos sesiones ni lo que escribes en los formularios.',
          'Los eventos se borran automáticamente al terminar su periodo de conservación (13 meses, salvo que quien opera el servicio fije otro más corto), y al borrar tu cuenta se borran con ella. Si quien opera el servicio activa el envío a un proveedor de analítica (Mixpanel), los mismos eventos se le envían desde nuestros servidores, nunca desde tu navegador.',
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
          'Usamos una cookie imprescindible para mantener tu sesión iniciada y, para la analítica, una cookie propia de sesión con el identificador aleatorio de tu visita y la campaña por la que llegaste: solo se envía al registrarte o iniciar sesión, se borra al cerrar el navegador y no la escribimos si tu navegador envía «Do Not Track» o «Global Privacy Control». No usamos cookies de terceros.',
        ],
      },
      {
        heading: 'Tus derechos y contacto',
        paragraphs: [
          'Puedes pedirnos una copia de tus datos, corregirlos, oponerte a su uso o pedir que los borremos, escribiéndonos por el canal de contacto que se indica aquí abajo. También puedes reclamar ante la autoridad de protección de datos de tu país.',
        ],
      },
    ],
  }),
  /** Where the privacy page sends the user to exercise their rights: what this installation configured. */
  contact: {
    heading: 'Cómo contactarnos',
    form: 'Con tu sesión iniciada, escríbenos desde el formulario de comentarios del inicio: lo leen las personas que gestionan esta instalación.',
    formLink: 'Ir al formulario de comentarios',
    address: 'Escríbenos a través de nuestra página de contacto:',
    email: 'Escríbenos a:',
  },
} as const;

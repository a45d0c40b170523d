/**
 * What the demo mentor (`AI_PROVIDER=demo`, ai/demo-model.ts) says: an answer per topic, written from the
 * business's profile as the mentor's prompt gives it (name, country, what it does, its goal), with the
 * files attached to the question named and quoted. Nothing here is researched: no figure is given as a
 * fact and no source is cited; every answer ends saying it is an example.
 */

/** The business as the mentor's system prompt describes it (ai/prompts/mentor.es.ts). */
export interface DemoProfile {
  name: string;
  country: string;
  /** What it does: the first sentence of its description, shortened. */
  does: string;
  goal: string;
  idea: boolean;
  teamSize: number | null;
  /** The roadmap's open tasks, in order, as the prompt's roadmap block lists them (none without one). */
  openTasks: DemoTask[];
}

/** An open task of the roadmap block (ai/prompts/roadmap-context.es.ts). */
export interface DemoTask {
  /** 'Pendiente' or 'En curso'. */
  status: string;
  title: string;
  /** Its stage and milestone, and its due date when it has one. */
  where: string;
}

/** A file of the question, as its <archivo> block gives it. */
export interface DemoFile {
  name: string;
  /** The first words read from it, or null (an image, a file with no text). */
  excerpt: string | null;
}

interface Topic {
  keywords: RegExp;
  title: string;
  /** Two openings: a regeneration of the same question gets the other one. */
  openings: [(p: DemoProfile) => string, (p: DemoProfile) => string];
  body(p: DemoProfile): string;
}

/** Public bodies worth checking per country (their names only: the user checks current calls there). */
const SUPPORT_BODIES: Record<string, string> = {
  España: 'ENISA, el CDTI, la agencia de desarrollo de tu comunidad autónoma y tu Cámara de Comercio',
  México:
    'la Secretaría de Economía, Nacional Financiera (NAFIN) y la secretaría de desarrollo económico de tu estado',
  Colombia: 'iNNpulsa Colombia, el Fondo Emprender del SENA y tu Cámara de Comercio',
  Argentina:
    'el Ministerio de Economía, la agencia de desarrollo de tu provincia y las incubadoras universitarias',
  Chile: 'CORFO, Sercotec y los programas de tu región',
  Perú: 'ProInnóvate, PRODUCE y las incubadoras universitarias',
};

/** Where a new business registers and pays its taxes, per country. */
const TAX_OFFICES: Record<string, string> = {
  España: 'el alta en Hacienda (censo de empresarios) y en la Seguridad Social',
  México: 'la inscripción en el SAT (RFC) y el régimen fiscal que te corresponda',
  Colombia: 'el RUT ante la DIAN y el registro mercantil en la Cámara de Comercio',
  Argentina: 'la inscripción en ARCA (antes AFIP) y en el ingreso bruto de tu provincia',
  Chile: 'el inicio de actividades en el SII',
  Perú: 'el RUC ante la SUNAT',
};

const supportIn = (country: string) =>
  SUPPORT_BODIES[country] ?? `las agencias públicas de fomento empresarial de ${country}`;
const taxesIn = (country: string) => TAX_OFFICES[country] ?? `el registro fiscal de ${country}`;
const place = (p: DemoProfile) => (p.country ? ` en ${p.country}` : '');
const stage = (p: DemoProfile) => (p.idea ? 'todavía es una idea' : 'ya está en marcha');

const TOPICS: Topic[] = [
  {
    keywords: /\b(subvencion|subvenciones|ayuda|ayudas|convocatoria|fondos? publicos?|apoyo publico|beca)/,
    title: 'Subvenciones y ayudas',
    openings: [
      (p) =>
        `Buscar ayudas públicas para **${p.name}**${place(p)} tiene sentido si encajan con tu objetivo: «${p.goal}».`,
      (p) =>
        `Las subvenciones pueden dar aire a **${p.name}**, pero conviene elegirlas bien antes de preparar papeles.`,
    ],
    body: (p) => `## Subvenciones y ayudas para ${p.name}

1. **Dónde mirar${place(p)}**: ${supportIn(p.country)}. Revisa sus convocatorias abiertas en sus webs oficiales.
2. **Qué suelen pedir**: un plan de empresa, un presupuesto del proyecto y estar al corriente de tus obligaciones.
3. **Encaja la ayuda con lo que hace ${p.name}** (${p.does}): las ayudas financian proyectos concretos, no el día a día.
4. **Calcula el plazo**: muchas se cobran después de justificar el gasto; necesitarás adelantar el dinero.

**Siguiente paso:** haz una lista de tres convocatorias abiertas y anota requisitos y plazo de cada una.`,
  },
  {
    keywords: /\b(financiacion|financiar|inversion|inversor|inversores|prestamo|capital|dinero|credito)/,
    title: 'Opciones de financiación',
    openings: [
      (p) =>
        `Antes de buscar dinero para **${p.name}**, calcula cuánto necesitas de verdad para los próximos 12 meses.`,
      (p) =>
        `La pregunta clave para **${p.name}** no es dónde hay dinero, sino cuánto y para qué lo necesitas.`,
    ],
    body: (p) => `## Cómo financiar ${p.name}

### Opciones habituales${place(p)}
1. **Recursos propios y primeras ventas**: lo más barato; te obliga a validar pronto.
2. **Préstamos de tu banco o de entidades públicas**: mejor con algo de tracción.
3. **Ayudas públicas**: ${supportIn(p.country)}.
4. **Inversores privados**: aportan dinero y experiencia a cambio de una parte de ${p.name}.

**Consejo:** prepara un plan de tesorería mes a mes pensando en tu objetivo («${p.goal}»); es lo primero que te pedirán.`,
  },
  {
    keywords: /\b(precio|precios|cobrar|cobro|tarifa|tarifas|margen|cuanto cuesta)/,
    title: 'Estrategia de precios',
    openings: [
      (p) =>
        `Un buen precio para **${p.name}** sale de tres cifras: lo que te cuesta, lo que cobran otros y lo que tu cliente está dispuesto a pagar.`,
      (p) =>
        `Poner precio a lo que hace **${p.name}** (${p.does}) es una decisión que puedes probar, no adivinar.`,
    ],
    body: (p) => `## Cómo poner precio a ${p.name}

1. **Calcula tu coste unitario**: materiales, horas y una parte de los gastos fijos.
2. **Mira tres o cuatro competidores${place(p)}** y anota sus precios y qué incluyen.
3. **Pregunta a diez clientes potenciales** cuánto pagarían (y cuánto les parecería caro).

| Estrategia | Cuándo usarla |
|---|---|
| Coste + margen | Productos parecidos a los de la competencia |
| Por valor | Si ahorras tiempo o dinero al cliente |
| Escalonada | Si tienes clientes con necesidades distintas |

**Siguiente paso:** prueba dos precios distintos durante dos semanas y compara cuántas ventas cierras con cada uno.`,
  },
  {
    keywords:
      /\b(tramite|tramites|legal|licencia|permiso|impuesto|impuestos|fiscal|autonomo|sociedad|registrar|registro|contratos|contrato de)/,
    title: 'Trámites y aspectos legales',
    openings: [
      (p) =>
        `Los trámites de **${p.name}**${place(p)} dependen de la forma jurídica que elijas y de tu actividad.`,
      (p) =>
        `Ordenar el papeleo pronto evita sustos a **${p.name}**; esto es lo básico que conviene revisar.`,
    ],
    body: (p) => `## Trámites para poner en marcha ${p.name}

1. **Forma jurídica**: empezar como persona física o crear una sociedad cambia tu responsabilidad y tus impuestos.
2. **Registro fiscal${place(p)}**: ${taxesIn(p.country)}.
3. **Licencias de tu actividad** (${p.does}): consulta a tu ayuntamiento o municipio si necesitas licencia de apertura o permisos sanitarios.
4. **Protección de datos y contratos**: condiciones de venta claras y un aviso de privacidad si recoges datos de clientes.

Confírmalo con una gestoría o un asesor${place(p)}: los requisitos cambian según la actividad y la región.`,
  },
  {
    keywords: /\b(equipo|contratar|contratacion|socio|socios|empleado|empleados|personal|talento|cofundador)/,
    title: 'Cómo formar el equipo',
    openings: [
      (p) => `El equipo de **${p.name}** debe crecer al ritmo de tu objetivo («${p.goal}»), no antes.`,
      (p) =>
        `Contratar pronto o tarde puede marcar a **${p.name}**: decide por las tareas, no por los puestos.`,
    ],
    body: (p) => `## El equipo de ${p.name}

- **Haz una lista de tareas** de una semana normal y marca las que solo puedes hacer tú.${p.teamSize ? `\n- **Hoy sois ${p.teamSize}**: reparte responsabilidades por escrito, una persona por área.` : ''}
- **Externaliza lo que no es el centro** de ${p.name} (contabilidad, diseño puntual) antes de contratar.
- **Si buscas socio**, acordad por escrito aportaciones, dedicación y qué pasa si alguien se va.
- **Primera contratación**: la persona que más libere tu tiempo para vender.`,
  },
  {
    keywords: /\b(producto|productos|servicio|servicios|mvp|prototipo|catalogo|funcionalidad|oferta)/,
    title: 'Definir el producto',
    openings: [
      (p) =>
        `El producto de **${p.name}** (${p.does}) tiene que resolver un problema concreto de un cliente concreto.`,
      (p) =>
        `Antes de añadir más a **${p.name}**, comprueba qué parte de tu oferta pagan de verdad tus clientes.`,
    ],
    body: (p) => `## El producto de ${p.name}

1. **Una frase**: «${p.name} ayuda a [cliente] a [resultado] gracias a [cómo]».
2. **Versión mínima**: lo más pequeño que alguien pagaría; si ${stage(p)}, empieza por ahí.
3. **Escucha el uso**: pregunta a cada cliente qué casi le hace no comprar.
4. **Itera por semanas**: un cambio cada vez, y mide si mejora las ventas.`,
  },
  {
    keywords: /\b(venta|ventas|vender|vendo|embudo|comercial|cerrar)/,
    title: 'Cómo vender más',
    openings: [
      (p) => `Vender más con **${p.name}** empieza por saber en qué paso se te escapan los clientes.`,
      (p) => `Para que **${p.name}** venda de forma constante necesitas un proceso, no solo buenas semanas.`,
    ],
    body: (p) => `## Las ventas de ${p.name}

| Paso | Qué medir |
|---|---|
| Contacto | Cuántas personas conocen ${p.name} cada semana |
| Interés | Cuántas piden información o precio |
| Compra | Cuántas compran |
| Repetición | Cuántas vuelven o te recomiendan |

- **Mejora el paso más débil** antes de buscar más contactos.
- **Prepara respuestas** a las tres objeciones que más oyes.
- **Haz seguimiento**: muchas ventas se cierran en el segundo o tercer contacto.`,
  },
  {
    keywords: /\b(cliente|clientes|captar|publico objetivo|segmento|nicho)/,
    title: 'Cómo conseguir clientes',
    openings: [
      (p) =>
        `Los primeros clientes de **${p.name}** no llegan por publicidad: llegan porque hablas con ellos.`,
      (p) =>
        `Conseguir clientes para **${p.name}**${place(p)} es cuestión de foco: pocos, bien elegidos y bien atendidos.`,
    ],
    body: (p) => `## Tus primeros clientes para ${p.name}

- **Define a tu cliente ideal** en una frase: quién es, qué problema tiene y dónde está${place(p)}.
- **Haz una lista de 30 personas** que encajen y contacta con ellas una a una.
- **Ofrece algo pequeño** para empezar: una prueba, una demostración o un primer pedido.
- **Pide una recomendación** a cada cliente satisfecho.

> Mide cuántos contactos necesitas para cerrar una venta: te dirá cuánto esfuerzo comercial necesitas cada mes.`,
  },
  {
    keywords: /\b(marketing|redes|instagram|tiktok|facebook|publicidad|anuncios|marca|difusion|seo)/,
    title: 'Plan de marketing',
    openings: [
      (p) =>
        `Con pocos recursos, **${p.name}** necesita foco: un canal bien trabajado vale más que cinco a medias.`,
      (p) =>
        `El marketing de **${p.name}** funciona mejor cuando cuenta lo que haces (${p.does}) con ejemplos reales.`,
    ],
    body: (p) => `## Un plan de marketing sencillo para ${p.name}

- **Elige un canal principal** donde ya esté tu cliente${place(p)}.
- **Publica con constancia**: dos o tres contenidos útiles a la semana.
- **Cuenta historias reales**: casos de clientes, el día a día, el porqué de ${p.name}.
- **Mide una sola cifra** al principio: visitas, contactos o ventas de ese canal.

| Semana | Acción |
|---|---|
| 1 | Definir mensaje y público |
| 2–3 | Publicar y responder a todo |
| 4 | Revisar resultados y ajustar |`,
  },
  {
    keywords: /\b(competencia|competidor|competidores|diferenciar|diferenciacion|rival|rivales)/,
    title: 'Análisis de la competencia',
    openings: [
      (p) => `Conocer a tu competencia ayuda a que **${p.name}** encuentre su hueco${place(p)}.`,
      (p) =>
        `Mirar a la competencia no es copiarla: es ver qué deja sin resolver para que **${p.name}** lo haga mejor.`,
    ],
    body: (p) => `## La competencia de ${p.name}

1. **Haz una tabla** con tus cinco competidores más cercanos${place(p)}: precio, público, puntos fuertes y débiles.
2. **Lee sus reseñas**: las quejas de sus clientes son tus oportunidades.
3. **Escribe tu diferencia en una frase**: «A diferencia de X, ${p.name} …».

> Competir solo en precio rara vez funciona para un negocio pequeño: diferénciate en servicio, especialización o cercanía.`,
  },
];

const GENERAL: Topic = {
  keywords: /$^/,
  title: 'Primeros pasos del negocio',
  openings: [
    (p) =>
      `Buena pregunta. Te propongo ordenar los próximos pasos de **${p.name}** pensando en tu objetivo: «${p.goal}».`,
    (p) =>
      `Vamos paso a paso con **${p.name}**: ${stage(p)}, así que conviene centrarse en lo que más acerca tu objetivo.`,
  ],
  body: (p) => `## Próximos pasos para ${p.name}

1. **Valida el problema**: habla con diez clientes potenciales${place(p)} esta semana.
2. **Define tu propuesta de valor** en una frase clara.
3. **Calcula tus números básicos**: costes, precio y cuántas ventas necesitas al mes.
4. **Fija un objetivo a 90 días** medible.

Puedo ayudarte con más detalle sobre **precios**, **clientes**, **ventas**, **marketing**, **competencia**, **producto**, **equipo**, **financiación**, **subvenciones** o **trámites**.`,
};

/** '¿Qué me toca esta semana?': the roadmap's first open tasks, in its order (ADR 0055). */
const WEEK: Topic = {
  keywords: /\b(esta semana|que me toca|por donde (sigo|empiezo|continuo)|siguientes? pasos?|que hago ahora)/,
  title: 'Lo que te toca esta semana',
  openings: [
    (p) => `Esto es lo que te toca ahora en **${p.name}**, según tu hoja de ruta:`,
    (p) => `Mirando la hoja de ruta de **${p.name}**, yo empezaría por aquí:`,
  ],
  body: (p) => {
    const next = p.openTasks.slice(0, 3);
    const lines = next.map(
      (task, i) => `${i + 1}. **${task.title}** (${task.status.toLowerCase()}; ${task.where})`,
    );
    const more = p.openTasks.length - next.length;
    return `${lines.join('\n')}

${more === 1 ? 'Después te queda 1 tarea abierta más. ' : more > 1 ? `Después te quedan ${more} tareas abiertas más. ` : ''}Cuando termines una, márcala como hecha en tu hoja de ruta y la tendré en cuenta en nuestra próxima conversación.`;
  },
};

/** Lowercase and without accents, so that 'financiación' and 'financiacion' match alike. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

export const demoTopic = (question: string): Topic =>
  [WEEK, ...TOPICS].find((topic) => topic.keywords.test(fold(question))) ?? GENERAL;

function filesPart(files: DemoFile[]): string {
  if (files.length === 0) return '';
  const lines = files.map((file) =>
    file.excerpt
      ? `- **${file.name}**: he leído su contenido; empieza así: «${file.excerpt}». Tenlo a mano: conviene contrastar lo que dice con tus números reales.`
      : `- **${file.name}**: en modo demostración no puedo leer su contenido (una imagen o un archivo sin texto).`,
  );
  return `\n\n### Sobre ${files.length === 1 ? 'tu archivo' : 'tus archivos'}\n${lines.join('\n')}`;
}

const closing = (p: DemoProfile) =>
  `\n\n---\n*Ejemplo de demostración: respuesta preparada a partir del perfil de ${p.name}, no de un modelo de IA.*`;

/** The demo answer to `question`; `variant` (0, 1, …) changes its wording, as a regeneration does. */
export function demoAnswer(
  question: string,
  profile: DemoProfile,
  files: DemoFile[],
  variant: number,
): string {
  const asked = demoTopic(question);
  // Without a roadmap, 'what do I do this week' gets the general next steps.
  const topic = asked === WEEK && profile.openTasks.length === 0 ? GENERAL : asked;
  const opening = topic.openings[variant % 2]?.(profile) ?? '';
  return `${opening}\n\n${topic.body(profile)}${filesPart(files)}${closing(profile)}`;
}

/** Stage of the business the user is working on; each stage gets its own pool of conversation starters. */
export type QuestionStage = 'idea' | 'established';

/** How many suggestions the empty chat shows at once. */
export const SUGGESTED_QUESTION_COUNT = 4;

const IDEA_QUESTIONS = [
  '¿Cómo puedo validar mi idea sin gastar casi nada de dinero?',
  '¿Qué preguntas debería hacer en mis primeras entrevistas con posibles clientes?',
  '¿Cómo sé si el problema que resuelve mi idea es lo bastante importante?',
  '¿Quién sería mi cliente ideal y cómo lo describo con precisión?',
  '¿Cuál es el producto mínimo viable más sencillo que podría lanzar?',
  '¿Cómo calculo el tamaño del mercado al que se dirige mi idea?',
  '¿Quiénes son mis competidores directos e indirectos y cómo me diferencio?',
  '¿Qué precio debería poner a mi producto para empezar?',
  '¿Cuánto dinero necesito para sacar adelante mi idea los primeros seis meses?',
  '¿Debería buscar inversión o empezar con mis propios ahorros?',
  '¿Qué ayudas o subvenciones públicas existen para nuevos emprendedores?',
  '¿Qué forma jurídica me conviene más para empezar: autónomo o sociedad?',
  '¿Qué trámites necesito hacer antes de empezar a facturar?',
  '¿Cómo protejo mi idea o mi marca antes de hablar de ella con otras personas?',
  '¿Necesito un socio para arrancar o puedo empezar yo solo?',
  '¿Cómo elijo a un buen cofundador y cómo repartimos las participaciones?',
  '¿Qué modelo de negocio encaja mejor con mi idea?',
  '¿Cómo consigo mis primeros diez clientes?',
  '¿Qué canales de marketing debería probar primero con poco presupuesto?',
  '¿Cómo creo una página de aterrizaje para medir el interés real en mi idea?',
  '¿Qué métricas debería seguir para saber si mi idea funciona?',
  '¿Cómo hago un plan de negocio sencillo que de verdad me sea útil?',
  '¿Cuáles son los mayores riesgos de mi idea y cómo los reduzco?',
  '¿Cómo explico mi idea en una frase clara y atractiva?',
  '¿Cómo preparo una presentación de tres minutos para inversores?',
  '¿Es buen momento para dejar mi trabajo y dedicarme por completo a mi idea?',
  '¿Cómo compagino mi empleo actual con el desarrollo de mi idea?',
  '¿Qué debería externalizar y qué debería hacer yo mismo al principio?',
  '¿Cómo encuentro proveedores fiables para fabricar mi producto?',
  '¿Cómo calculo el punto de equilibrio de mi idea?',
  '¿Qué costes fijos y variables tendré y cómo los estimo?',
  '¿Cómo organizo una preventa para financiar el lanzamiento?',
  '¿Tiene sentido el micromecenazgo para financiar mi idea?',
  '¿Qué errores cometen más los emprendedores cuando todavía están en la fase de idea?',
  '¿Cómo sé si debo cambiar de rumbo o seguir adelante con mi idea?',
  '¿Cómo elijo un buen nombre para mi negocio y compruebo que está libre?',
  '¿Qué necesito saber sobre protección de datos antes de captar clientes?',
  '¿Debería lanzar primero online, en una tienda física o en ambos?',
  '¿Cómo pruebo distintos precios antes del lanzamiento?',
  '¿Qué propuesta de valor haría que alguien prefiera mi solución a las demás?',
  '¿Cómo uso las redes sociales para validar mi idea antes de lanzarla?',
  '¿Qué herramientas gratuitas me ayudan a organizarme al empezar?',
  '¿Cómo consigo opiniones sinceras que no sean solo las de mis amigos y mi familia?',
  '¿Qué señales me indicarían que hay una demanda real para mi idea?',
  '¿Cómo encuentro una incubadora o aceleradora adecuada para mi idea?',
  '¿Qué debería incluir en un pacto de socios antes de empezar?',
  '¿Cuánto debería pagarme como sueldo durante el primer año?',
  '¿Cómo fijo objetivos realistas para los primeros tres meses?',
  '¿Qué tipo de préstamo o microcrédito podría pedir para arrancar?',
  '¿Cómo calculo cuánto me costará conseguir cada cliente?',
  '¿Cómo puedo empezar a vender antes de tener el producto terminado?',
  '¿Qué impuestos tendré que pagar cuando empiece a facturar?',
] as const;

const ESTABLISHED_QUESTIONS = [
  '¿Cómo puedo aumentar las ventas de mi negocio sin bajar precios?',
  '¿Debería subir mis precios y cómo se lo comunico a mis clientes?',
  '¿Cómo mejoro el margen de beneficio de mi negocio?',
  '¿Qué indicadores clave debería revisar cada semana en mi empresa?',
  '¿Cómo reduzco el número de clientes que dejan de comprarme?',
  '¿Cómo consigo que mis clientes actuales me compren más a menudo?',
  '¿Cómo hago una previsión de tesorería para los próximos doce meses?',
  '¿Qué hago si tengo problemas de liquidez aunque venda bien?',
  '¿Cómo negocio mejores condiciones con mis proveedores?',
  '¿Cuándo es buen momento para contratar a mi primer empleado?',
  '¿Cómo diseño un proceso de selección para encontrar buenos perfiles?',
  '¿Cómo delego tareas sin perder el control de la calidad?',
  '¿Cómo motivo y retengo a mi equipo si no puedo subir mucho los sueldos?',
  '¿Cómo defino la cultura de mi empresa a medida que crece?',
  '¿Qué procesos de mi negocio debería automatizar primero?',
  '¿Cómo organizo mi tiempo para dejar de apagar fuegos a diario?',
  '¿Debería abrir un segundo local o empezar a vender online primero?',
  '¿Cómo lanzo un nuevo producto sin poner en riesgo el que ya funciona?',
  '¿Tiene sentido llevar mi negocio a otro país?',
  '¿Cómo consigo financiación bancaria para crecer?',
  '¿Me conviene buscar un inversor o crecer con recursos propios?',
  '¿Cómo valoro mi empresa si quiero vender una parte?',
  '¿Cómo mejoro mi posicionamiento frente a la competencia?',
  '¿Qué estrategia de marketing digital me daría mejor retorno?',
  '¿Cómo mido el retorno de lo que invierto en publicidad?',
  '¿Cómo consigo más reseñas positivas de mis clientes?',
  '¿Cómo creo un programa de fidelización que sea rentable?',
  '¿Cómo estructuro un equipo comercial y cómo lo remunero?',
  '¿Cómo mejoro la tasa de conversión de mi web o tienda online?',
  '¿Qué hago con los clientes que no me pagan a tiempo?',
  '¿Cómo reduzco costes sin que se resienta la calidad del servicio?',
  '¿Debería pasar de autónomo a sociedad limitada?',
  '¿Cómo pago menos impuestos en mi negocio de forma legal?',
  '¿Qué obligaciones legales nuevas afectan a mi empresa este año?',
  '¿Cómo evito que mi negocio dependa de un solo cliente grande?',
  '¿Qué seguros necesita realmente mi negocio?',
  '¿Cómo hago un plan estratégico para los próximos tres años?',
  '¿Cómo detecto qué productos o servicios me hacen perder dinero?',
  '¿Cómo calculo cuánto me deja cada cliente a lo largo del tiempo?',
  '¿Cómo mejoro la atención al cliente sin aumentar el equipo?',
  '¿Qué herramientas de gestión me ayudarían a tener mi empresa bajo control?',
  '¿Cómo aplico la inteligencia artificial en mi negocio de forma práctica?',
  '¿Cómo gestiono el inventario para no tener exceso ni roturas de stock?',
  '¿Cómo consigo empresas como clientes, además de particulares?',
  '¿Debería presentarme a licitaciones públicas?',
  '¿Cómo creo alianzas con otras empresas para crecer?',
  '¿Cómo reacciono si un competidor baja mucho sus precios?',
  '¿Cómo preparo mi empresa para que funcione sin mí?',
  '¿Cómo planifico la estacionalidad de las ventas de mi negocio?',
  '¿Qué hago si las ventas de mi negocio llevan meses estancadas?',
  '¿Cómo renuevo la imagen de mi marca sin perder a mis clientes actuales?',
  '¿Cómo evito quemarme dirigiendo mi negocio?',
] as const;

/** Conversation starters for the empty chat, by business stage. */
export const SUGGESTED_QUESTIONS: Record<QuestionStage, readonly string[]> = {
  idea: IDEA_QUESTIONS,
  established: ESTABLISHED_QUESTIONS,
};

/**
 * SUGGESTED_QUESTION_COUNT distinct questions from the stage's pool, each subset equally likely.
 * A partial Fisher–Yates over a copy, so the shared pool is never reordered;
 * `random` is injectable so tests can seed it.
 */
export function drawQuestions(stage: QuestionStage, random: () => number = Math.random): string[] {
  const pool = [...SUGGESTED_QUESTIONS[stage]];
  const count = Math.min(SUGGESTED_QUESTION_COUNT, pool.length);
  for (let i = 0; i < count; i++) {
    // Clamp guards against a random() that returns exactly 1.
    const j = i + Math.min(Math.floor(random() * (pool.length - i)), pool.length - i - 1);
    [pool[i], pool[j]] = [pool[j] as string, pool[i] as string];
  }
  return pool.slice(0, count);
}

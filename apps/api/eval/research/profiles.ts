import type { EstablishedInput, IdeaInput } from '@rumbo/contract';

/**
 * The evaluation's business profiles (ADR 0016, `npm run eval:research`): ideas and established
 * businesses, several countries and sectors, goals that ask for different reports.
 */
export type EvalProfile = ({ stage: 'idea' } & IdeaInput) | ({ stage: 'established' } & EstablishedInput);

const idea = (fields: Omit<IdeaInput, 'extra_info' | 'user_position'> & Partial<IdeaInput>): EvalProfile => ({
  stage: 'idea',
  extra_info: '',
  user_position: 'Fundador',
  ...fields,
});
const established = (
  fields: Omit<EstablishedInput, 'extra_info' | 'user_position'> & Partial<EstablishedInput>,
): EvalProfile => ({
  stage: 'established',
  extra_info: '',
  user_position: 'Gerente',
  ...fields,
});

export const EVAL_PROFILES: EvalProfile[] = [
  idea({
    name: 'Cafetería de especialidad',
    location: 'España',
    description:
      'Cafetería de especialidad en Valencia con tostador propio, cursos de barismo los fines de semana y venta online de café en grano para hogares y oficinas del área metropolitana.',
    goal: 'Validar si hay demanda suficiente para abrir el primer local en 2027',
    team_description: 'Dos socios: una barista con 8 años de experiencia y un ingeniero',
    team_size: 2,
    competitor_existence: true,
    competitor_differentiation: 'Tostamos nosotros mismos y enseñamos a preparar café',
    investment: 60000,
    investment_currency: 'euro',
  }),
  idea({
    name: 'App de turnos para clínicas',
    location: 'México',
    description:
      'Aplicación web y móvil para que clínicas dentales pequeñas de Guadalajara gestionen citas, recordatorios por WhatsApp y cobros anticipados, reduciendo las citas perdidas y el trabajo de recepción.',
    goal: 'Conseguir 20 clínicas de pago en el primer año',
    team_description: 'Un desarrollador y una dentista',
    team_size: 2,
    competitor_existence: true,
    competitor_differentiation: 'Recordatorios por WhatsApp y cobro del anticipo',
    investment: 15000,
    investment_currency: 'dollar',
  }),
  idea({
    name: 'Huerto urbano por suscripción',
    location: 'Argentina',
    description:
      'Servicio en Buenos Aires que instala y mantiene huertos en balcones y terrazas, con una suscripción mensual que incluye semillas de temporada, visitas de mantenimiento y talleres para familias.',
    goal: 'Saber qué precio mensual aceptarían los clientes',
    team_description: 'Una agrónoma y un paisajista',
    team_size: 2,
    competitor_existence: false,
    competitor_differentiation: '',
    investment: 8000,
    investment_currency: 'dollar',
  }),
  idea({
    name: 'Ropa infantil reutilizable',
    location: 'Colombia',
    description:
      'Tienda en línea en Bogotá que alquila ropa infantil de calidad por tallas, recoge la que queda pequeña y la envía lavada a la siguiente familia, con una tarifa mensual por niño.',
    goal: 'Encontrar el canal de captación más barato',
    team_description: 'Una diseñadora de moda y un experto en logística',
    team_size: 3,
    competitor_existence: true,
    competitor_differentiation: 'Alquiler por tallas en lugar de venta de segunda mano',
    investment: 25000,
    investment_currency: 'dollar',
  }),
  idea({
    name: 'Academia de programación',
    location: 'Chile',
    description:
      'Academia online para personas de más de 40 años en Santiago que quieren reconvertirse a analistas de datos, con clases en vivo por la tarde, mentoría y una bolsa de empleo con empresas locales.',
    goal: 'Preparar la primera cohorte de 25 alumnos',
    team_description: 'Dos profesores de análisis de datos',
    team_size: 2,
    competitor_existence: true,
    competitor_differentiation: 'Centrada en mayores de 40 y con bolsa de empleo',
    investment: 10000,
    investment_currency: 'dollar',
  }),
  idea({
    name: 'Comida casera para oficinas',
    location: 'Perú',
    description:
      'Cocina central en Lima que prepara menús caseros saludables y los reparte a oficinas de San Isidro y Miraflores con pedido semanal por WhatsApp y envases retornables.',
    goal: 'Calcular el punto de equilibrio',
    team_description: 'Una cocinera profesional y un repartidor',
    team_size: 2,
    competitor_existence: true,
    competitor_differentiation: 'Menú semanal fijo y envases retornables',
    investment: 12000,
    investment_currency: 'dollar',
  }),
  established({
    name: 'Taller de bicicletas',
    location: 'España',
    description:
      'Taller y tienda de bicicletas en Sevilla con reparación, venta de bicicletas eléctricas y alquiler a turistas; abierto desde 2019 con una clientela fiel en el centro.',
    goal: 'Decidir si abrir un segundo taller o crecer en alquiler a turistas',
    team_description: 'Cuatro mecánicos y una dependienta',
    team_size: 5,
    billing: 320000,
    billing_currency: 'euro',
    ebitda: 45000,
    ebitda_currency: 'euro',
    profit_margin: 14,
    mission_and_vision: 'Que moverse en bici por la ciudad sea fácil',
  }),
  established({
    name: 'Agencia de marketing digital',
    location: 'México',
    description:
      'Agencia en Monterrey que gestiona redes sociales y campañas de pago para restaurantes y hoteles; 30 clientes con contrato mensual y una tasa de abandono del 20 % anual.',
    goal: 'Reducir el abandono de clientes a la mitad',
    team_description: 'Nueve personas entre diseño, contenido y campañas',
    team_size: 9,
    billing: 900000,
    billing_currency: 'dollar',
    ebitda: 120000,
    ebitda_currency: 'dollar',
    profit_margin: 13,
    mission_and_vision: 'Llenar mesas y habitaciones con marketing medible',
  }),
  established({
    name: 'Panadería artesana',
    location: 'Argentina',
    description:
      'Panadería de masa madre en Córdoba con dos locales y venta mayorista a cafeterías; produce 600 kilos de pan por semana y quiere profesionalizar su venta a empresas.',
    goal: 'Duplicar la venta mayorista sin perder margen',
    team_description: 'Doce personas entre obrador, tiendas y reparto',
    team_size: 12,
    billing: 450000,
    billing_currency: 'dollar',
    ebitda: 50000,
    ebitda_currency: 'dollar',
    profit_margin: 11,
    mission_and_vision: 'Pan de verdad, hecho despacio',
  }),
  established({
    name: 'Clínica de fisioterapia',
    location: 'Colombia',
    description:
      'Clínica de fisioterapia deportiva en Medellín con seis cabinas, convenios con dos gimnasios y pacientes de medicina prepagada; la agenda se llena por las tardes y queda vacía por las mañanas.',
    goal: 'Llenar las mañanas con un servicio nuevo',
    team_description: 'Siete fisioterapeutas y una recepcionista',
    team_size: 8,
    billing: 280000,
    billing_currency: 'dollar',
    ebitda: 40000,
    ebitda_currency: 'dollar',
    profit_margin: 14,
    mission_and_vision: 'Volver a moverse sin dolor',
  }),
];

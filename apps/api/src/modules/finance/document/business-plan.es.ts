import {
  CLAIM_KIND_LABELS,
  type FinancialPlan,
  MULTIPLIER_KEYS,
  type Origin,
  type ReportSectionKey,
  SCENARIO_KEYS,
  type ScenarioKey,
} from '@rumbo/contract';
import { monthLabel, monthName, type Projection, projectScenarios } from '@rumbo/contract/finance-engine';
import type { StudyReport } from '../../../db/latest-study.ts';
import type { BusinessRow } from '../../businesses/business-wire.ts';

// The business plan and the one-pager (ADR 0042): the structure of the usual 'plan de empresa' templates,
// every section written from what Rumbo knows. Numbers come only from the plan (the engine) and the report.

export type Block =
  | { kind: 'paragraph'; text: string }
  | { kind: 'subheading'; text: string }
  | { kind: 'bullets'; items: string[] }
  | { kind: 'table'; header: string[]; rows: string[][] }
  | { kind: 'chart'; caption: string };

export interface DocSection {
  heading: string;
  blocks: Block[];
}

export interface PlanDocument {
  title: string;
  businessName: string;
  /** Under the title on the cover. */
  cover: string[];
  sections: DocSection[];
}

/** The business plan's sections, in order (the tests find every one in the DOCX and the PDF). */
export const BUSINESS_PLAN_HEADINGS = [
  'Resumen ejecutivo',
  'El problema y el producto',
  'El mercado',
  'La competencia',
  'Marketing y ventas',
  'Operaciones',
  'El equipo',
  'Hoja de ruta',
  'Plan financiero',
  'Riesgos y supuestos más arriesgados',
] as const;

export const ONE_PAGER_HEADINGS = ['Qué hacemos', 'Mercado', 'Cifras clave', 'Qué buscamos'] as const;

/** A document's sections in the order of its headings, so that the order is written once. */
function sectionsInOrder<H extends string>(headings: readonly H[], blocks: Record<H, Block[]>): DocSection[] {
  return headings.map((heading) => ({ heading, blocks: blocks[heading] }));
}

export interface DocumentInput {
  business: BusinessRow;
  plan: FinancialPlan;
  research: StudyReport | null;
  today: Date;
}

const SCENARIO_LABELS: Record<ScenarioKey, string> = {
  pessimistic: 'Pesimista',
  base: 'Base',
  optimistic: 'Optimista',
};
const MULTIPLIER_LABELS: Record<(typeof MULTIPLIER_KEYS)[number], string> = {
  price: 'precio',
  volume: 'volumen de ventas',
  growth: 'crecimiento',
  churn: 'bajas',
  unit_cost: 'coste por unidad',
  fixed_costs: 'costes fijos',
  salaries: 'salarios',
  marketing: 'marketing',
};
const ORIGIN_LABELS: Record<Origin['kind'], string> = {
  founder: 'Emprendedor',
  research: 'Estudio de mercado',
  mentor: 'Estimación del mentor',
};

/** The figures' formatting: the business's currency, its country's number format. */
export function documentFormat(plan: FinancialPlan) {
  const money = new Intl.NumberFormat(plan.locale, {
    style: 'currency',
    currency: plan.currency,
    maximumFractionDigits: 0,
  });
  const number = new Intl.NumberFormat(plan.locale, { maximumFractionDigits: 1 });
  return {
    cents: (cents: number) => money.format(Math.round(cents / 100)),
    units: (amount: number) => money.format(amount),
    number: (value: number) => number.format(value),
  };
}

const originText = (origin: Origin) =>
  [
    ORIGIN_LABELS[origin.kind],
    origin.sources.length > 0 ? origin.sources.map((n) => `[${n}]`).join(' ') : '',
    origin.note.trim(),
  ]
    .filter(Boolean)
    .join(' · ');

/** A report section's claims as text, each with what it rests on: its sources by number, or its kind. */
function claims(research: StudyReport | null, key: ReportSectionKey): string[] {
  const section = research?.sections[key];
  if (!section) return [];
  return section.claims.map((claim) => {
    const text = claim.text.replace(/\s?\[\d{1,3}\]/g, '').trim();
    const basis =
      claim.kind === 'fuente' && claim.sources.length > 0
        ? claim.sources.map((n) => `[${n}]`).join(' ')
        : `(${CLAIM_KIND_LABELS[claim.kind]})`;
    return `${text} ${basis}`;
  });
}

const orNothing = (items: string[], nothing: string): Block =>
  items.length > 0 ? { kind: 'bullets', items } : { kind: 'paragraph', text: nothing };

const NOT_RESEARCHED = 'El estudio de mercado no cubre este apartado todavía.';

export interface Figures {
  projections: Record<ScenarioKey, Projection>;
  base: Projection;
}

export function figuresOf(plan: FinancialPlan): Figures {
  const projections = projectScenarios(plan.assumptions, plan.scenarios);
  return { projections, base: projections.base };
}

function keyLines(plan: FinancialPlan, base: Projection) {
  const f = documentFormat(plan);
  const start = plan.assumptions.start_month;
  const k = base.key;
  return {
    breakEven:
      k.break_even_month === null
        ? 'Punto de equilibrio: no se alcanza en los 36 meses del plan.'
        : `Punto de equilibrio: mes ${k.break_even_month} (${monthName(monthLabel(start, k.break_even_month))}).`,
    cash:
      k.cash_out_month === null
        ? 'Caja: no se agota en los 36 meses del plan.'
        : `Caja: se agota en el mes ${k.cash_out_month} (${monthName(monthLabel(start, k.cash_out_month))}); dura ${k.runway_months} meses.`,
    need:
      k.funding_need > 0
        ? `Financiación adicional necesaria: ${f.cents(k.funding_need)} (la caja más baja, en el mes ${k.min_cash_month}).`
        : 'Financiación adicional necesaria: ninguna con estos supuestos.',
    revenue: base.years.map((y) => `Ingresos del año ${y.year}: ${f.cents(y.revenue)}.`),
  };
}

const YEAR_ROWS = [
  ['Ingresos', 'revenue'],
  ['Coste de ventas', 'cost_of_sales'],
  ['Margen bruto', 'gross_margin'],
  ['Equipo', 'staff'],
  ['Costes fijos', 'fixed_costs'],
  ['Marketing', 'marketing'],
  ['EBITDA', 'ebitda'],
  ['Cuotas de préstamos', 'loan_payments'],
  ['Inversiones', 'investment'],
  ['Compra neta de stock', 'stock_change'],
  ['Financiación recibida', 'financing_in'],
  ['Flujo de caja', 'cash_flow'],
  ['Caja al final del año', 'cash_balance'],
] as const;

/** The yearly table of a projection (the tests read these figures back). */
export function yearTable(plan: FinancialPlan, projection: Projection): Block {
  const f = documentFormat(plan);
  return {
    kind: 'table',
    header: ['Concepto', ...projection.years.map((y) => `Año ${y.year}`)],
    rows: [
      ...YEAR_ROWS.map(([label, key]) => [label, ...projection.years.map((y) => f.cents(y[key]))]),
      [
        'Margen bruto (%)',
        ...projection.years.map((y) =>
          y.gross_margin_pct === null ? '—' : `${f.number(y.gross_margin_pct)} %`,
        ),
      ],
    ],
  };
}

function assumptionsTable(plan: FinancialPlan): Block {
  const a = plan.assumptions;
  const f = documentFormat(plan);
  const rows: string[][] = [
    ...a.products.map((p) => [
      `${p.name} (${p.kind === 'sale' ? 'venta por unidad' : 'suscripción mensual'})`,
      `${f.units(p.price)}; coste ${f.units(p.unit_cost)}; ${f.number(p.start_volume)} ${p.kind === 'sale' ? 'unidades' : 'clientes nuevos'} el mes ${p.start_month}, ${f.number(p.monthly_growth_pct)} % al mes${p.kind === 'subscription' ? `; bajas ${f.number(p.churn_pct)} % al mes` : ''}`,
      originText(p.origin),
    ]),
    ['Stock', `${a.inventory_months.value} meses de ventas`, originText(a.inventory_months.origin)],
    ...a.fixed_costs.map((c) => [
      c.name,
      `${f.units(c.monthly)} al mes desde el mes ${c.start_month}`,
      originText(c.origin),
    ]),
    ['Marketing', `${f.units(a.marketing_monthly.value)} al mes`, originText(a.marketing_monthly.origin)],
    ...a.team.map((r) => [
      r.name,
      `${r.headcount} × ${f.units(r.monthly_salary)} brutos al mes desde el mes ${r.start_month}`,
      originText(r.origin),
    ]),
    [
      'Cotizaciones de la empresa',
      `${f.number(a.employer_cost_pct.value)} % sobre el salario`,
      originText(a.employer_cost_pct.origin),
    ],
    ...a.investments.map((i) => [i.name, `${f.units(i.amount)} en el mes ${i.month}`, originText(i.origin)]),
    ['Fondos propios', f.units(a.own_funds.value), originText(a.own_funds.origin)],
    ...a.loans.map((l) => [
      l.name,
      `${f.units(l.principal)} al ${f.number(l.annual_rate_pct)} % anual, ${l.term_months} meses, recibido el mes ${l.month}`,
      originText(l.origin),
    ]),
    ...a.grants.map((g) => [
      g.name,
      `${f.units(g.amount)} (subvención) el mes ${g.month}`,
      originText(g.origin),
    ]),
    ...a.equity.map((e) => [
      e.name,
      `${f.units(e.amount)} (capital) el mes ${e.month}`,
      originText(e.origin),
    ]),
  ];
  return { kind: 'table', header: ['Supuesto', 'Valor', 'De dónde sale'], rows };
}

function scenariosTable(plan: FinancialPlan, figures: Figures): Block {
  const f = documentFormat(plan);
  const p = figures.projections;
  const row = (label: string, value: (x: Projection) => string) => [
    label,
    ...SCENARIO_KEYS.map((key) => value(p[key])),
  ];
  return {
    kind: 'table',
    header: ['Cifra', ...SCENARIO_KEYS.map((key) => SCENARIO_LABELS[key])],
    rows: [
      row('Punto de equilibrio', (x) =>
        x.key.break_even_month === null ? 'No en 36 meses' : `Mes ${x.key.break_even_month}`,
      ),
      row('Meses de caja', (x) => (x.key.runway_months === null ? 'Más de 36' : String(x.key.runway_months))),
      row('Financiación que falta', (x) => f.cents(x.key.funding_need)),
      ...[0, 1, 2].map((i) => row(`Ingresos del año ${i + 1}`, (x) => f.cents(x.years[i]?.revenue ?? 0))),
      ...[0, 1, 2].map((i) => row(`EBITDA del año ${i + 1}`, (x) => f.cents(x.years[i]?.ebitda ?? 0))),
    ],
  };
}

function milestones(plan: FinancialPlan, base: Projection): string[] {
  const a = plan.assumptions;
  const f = documentFormat(plan);
  const at = (m: number) =>
    m === 0 ? `antes de ${monthName(a.start_month)}` : monthName(monthLabel(a.start_month, m));
  const items: Array<[number, string]> = [
    [0, `Arranque del plan: ${monthName(a.start_month)}.`],
    ...a.investments.map((i): [number, string] => [i.month, `${i.name}: ${at(i.month)}.`]),
    // Money that has not been given an amount yet is no milestone.
    ...a.loans
      .filter((l) => l.principal > 0)
      .map((l): [number, string] => [
        l.month,
        `${l.name} (préstamo de ${f.units(l.principal)}): ${at(l.month)}.`,
      ]),
    ...a.grants
      .filter((g) => g.amount > 0)
      .map((g): [number, string] => [
        g.month,
        `${g.name} (subvención de ${f.units(g.amount)}): ${at(g.month)}.`,
      ]),
    ...a.equity
      .filter((e) => e.amount > 0)
      .map((e): [number, string] => [
        e.month,
        `${e.name} (entrada de capital de ${f.units(e.amount)}): ${at(e.month)}.`,
      ]),
    ...a.products.map((p): [number, string] => [
      p.start_month,
      `Empieza a venderse ${p.name}: ${at(p.start_month)}.`,
    ]),
    ...a.team
      .filter((r) => r.start_month > 1)
      .map((r): [number, string] => [r.start_month, `Incorporación de ${r.name}: ${at(r.start_month)}.`]),
  ];
  if (base.key.break_even_month !== null) {
    items.push([base.key.break_even_month, `Punto de equilibrio: ${at(base.key.break_even_month)}.`]);
  }
  return items.sort((x, y) => x[0] - y[0]).map(([, text]) => text);
}

/** The business plan ('Descargar plan de empresa'). */
export function businessPlan(input: DocumentInput): PlanDocument {
  const { business, plan, research, today } = input;
  const f = documentFormat(plan);
  const figures = figuresOf(plan);
  const { base } = figures;
  const k = keyLines(plan, base);
  const a = plan.assumptions;
  const sources = research?.sources ?? [];
  const differentiation = business.stage === 'idea' ? business.competitorDifferentiation?.trim() : '';
  const date = today.toLocaleDateString('es-ES', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const researchNote = !research
    ? 'Este negocio todavía no tiene estudio de mercado: los apartados de mercado y competencia están por completar.'
    : research.mode === 'web'
      ? 'El estudio de mercado se hizo leyendo fuentes de internet, numeradas al final de este apartado.'
      : research.mode === 'model'
        ? 'El estudio de mercado se hizo con el conocimiento del modelo, sin fuentes: sus cifras son estimaciones.'
        : 'El estudio de mercado es una plantilla sin investigar.';

  const sections = sectionsInOrder(BUSINESS_PLAN_HEADINGS, {
    'Resumen ejecutivo': [
      { kind: 'paragraph', text: business.description },
      { kind: 'paragraph', text: `Objetivo: ${business.goal}` },
      { kind: 'bullets', items: [k.breakEven, k.cash, k.need, ...k.revenue] },
      ...(research?.summary
        ? [
            {
              kind: 'paragraph' as const,
              text: `Mercado: ${research.summary.replace(/\s?\[\d{1,3}\]/g, '')}`,
            },
          ]
        : []),
    ],
    'El problema y el producto': [
      { kind: 'paragraph', text: business.description },
      orNothing(
        a.products.map(
          (p) =>
            `${p.name}: ${p.kind === 'sale' ? 'venta por unidad' : 'suscripción mensual'} a ${f.units(p.price)}.`,
        ),
        'Los productos y sus precios están por definir en el plan financiero.',
      ),
    ],
    'El mercado': [
      { kind: 'paragraph', text: researchNote },
      { kind: 'subheading', text: 'Tamaño del mercado' },
      orNothing(claims(research, 'mercado'), NOT_RESEARCHED),
      { kind: 'subheading', text: 'Clientes' },
      orNothing(claims(research, 'segmentos'), NOT_RESEARCHED),
      { kind: 'subheading', text: 'Tendencias' },
      orNothing(claims(research, 'tendencias'), NOT_RESEARCHED),
      { kind: 'subheading', text: 'Fuentes' },
      orNothing(
        sources.map((s) => `[${s.number}] ${s.title} — ${s.url} (Fuente)`),
        'Sin fuentes numeradas: lo que no lleva número es una estimación o conocimiento del modelo.',
      ),
    ],
    'La competencia': [
      orNothing(claims(research, 'competidores'), NOT_RESEARCHED),
      ...(differentiation
        ? [{ kind: 'paragraph' as const, text: `En qué nos diferenciamos: ${differentiation}` }]
        : []),
    ],
    'Marketing y ventas': [
      { kind: 'subheading', text: 'Precios' },
      orNothing(claims(research, 'precios'), NOT_RESEARCHED),
      { kind: 'subheading', text: 'Canales' },
      orNothing(claims(research, 'canales'), NOT_RESEARCHED),
      {
        kind: 'paragraph',
        text: `Presupuesto de marketing: ${f.units(a.marketing_monthly.value)} al mes.`,
      },
    ],
    Operaciones: [
      orNothing(
        [
          ...a.fixed_costs.map((c) => `${c.name}: ${f.units(c.monthly)} al mes.`),
          ...a.investments.map((i) => `${i.name}: ${f.units(i.amount)} de inversión.`),
          ...(a.inventory_months.value > 0
            ? [`Stock para ${a.inventory_months.value} meses de ventas.`]
            : []),
        ],
        'Los costes de operación están por definir en el plan financiero.',
      ),
      { kind: 'subheading', text: 'Regulación y trámites' },
      orNothing(claims(research, 'regulacion'), NOT_RESEARCHED),
    ],
    'El equipo': [
      { kind: 'paragraph', text: business.teamDescription },
      orNothing(
        a.team.map(
          (r) =>
            `${r.name}: ${r.headcount} ${r.headcount === 1 ? 'persona' : 'personas'} desde el mes ${r.start_month}.`,
        ),
        'Sin contrataciones previstas en el plan.',
      ),
    ],
    'Hoja de ruta': [{ kind: 'bullets', items: milestones(plan, base) }],
    'Plan financiero': [
      {
        kind: 'paragraph',
        text: `Proyección a 36 meses desde ${monthName(a.start_month)}, en ${plan.currency === 'EUR' ? 'euros' : 'dólares'}. Cifras calculadas a partir de los supuestos siguientes; el plan llega hasta el EBITDA y la caja (sin IVA, impuesto sobre beneficios ni amortizaciones).`,
      },
      { kind: 'subheading', text: 'Supuestos' },
      assumptionsTable(plan),
      { kind: 'subheading', text: 'Cuenta de resultados y caja por año (escenario base)' },
      yearTable(plan, base),
      { kind: 'subheading', text: 'Punto de equilibrio y caja' },
      { kind: 'bullets', items: [k.breakEven, k.cash, k.need] },
      { kind: 'chart', caption: 'Caja al final de cada mes (escenario base)' },
      { kind: 'subheading', text: 'Escenarios' },
      {
        kind: 'paragraph',
        text: (['pessimistic', 'optimistic'] as const)
          .map((key) => {
            const m = plan.scenarios[key];
            const changes = MULTIPLIER_KEYS.filter((x) => m[x] !== undefined).map(
              (x) => `${MULTIPLIER_LABELS[x]} × ${f.number(m[x] as number)}`,
            );
            return `${SCENARIO_LABELS[key]}: ${changes.join(', ') || 'sin cambios'}.`;
          })
          .join(' '),
      },
      scenariosTable(plan, figures),
      ...(base.unit_economics.length > 0
        ? [
            { kind: 'subheading' as const, text: 'Economía unitaria' },
            {
              kind: 'table' as const,
              header: ['Suscripción', 'CAC', 'LTV', 'LTV / CAC', 'Meses para recuperar el CAC'],
              rows: base.unit_economics.map((u) => [
                u.product_name,
                u.cac === null ? '—' : f.cents(u.cac),
                u.ltv === null ? '—' : f.cents(u.ltv),
                u.ltv_to_cac === null ? '—' : f.number(u.ltv_to_cac),
                u.payback_months === null ? '—' : f.number(u.payback_months),
              ]),
            },
          ]
        : []),
    ],
    'Riesgos y supuestos más arriesgados': [
      orNothing(claims(research, 'riesgos'), NOT_RESEARCHED),
      { kind: 'subheading', text: 'Supuestos más arriesgados y cómo probarlos' },
      orNothing(claims(research, 'supuestos'), NOT_RESEARCHED),
    ],
  });
  return {
    title: 'Plan de empresa',
    businessName: business.name,
    cover: [business.location, `Preparado con Rumbo el ${date}`],
    sections,
  };
}

/** The one-page summary ('Descargar one-pager'). */
export function onePager(input: DocumentInput): PlanDocument {
  const { business, plan, research } = input;
  const figures = figuresOf(plan);
  const k = keyLines(plan, figures.base);
  const f = documentFormat(plan);
  const need = figures.base.key.funding_need;
  const raised = [
    ...plan.assumptions.loans.map((l) => `${l.name}: ${f.units(l.principal)}`),
    ...plan.assumptions.grants.map((g) => `${g.name}: ${f.units(g.amount)}`),
    ...plan.assumptions.equity.map((e) => `${e.name}: ${f.units(e.amount)}`),
  ];
  return {
    title: 'Resumen de una página',
    businessName: business.name,
    cover: [business.location],
    sections: sectionsInOrder(ONE_PAGER_HEADINGS, {
      'Qué hacemos': [{ kind: 'paragraph', text: business.description }],
      Mercado: [
        { kind: 'paragraph', text: research?.summary?.replace(/\s?\[\d{1,3}\]/g, '') || NOT_RESEARCHED },
      ],
      'Cifras clave': [
        { kind: 'bullets', items: [k.breakEven, k.cash, ...k.revenue] },
        yearTable(plan, figures.base),
      ],
      'Qué buscamos': [
        {
          kind: 'paragraph',
          text:
            need > 0
              ? `Buscamos ${f.cents(need)} para cubrir la caja hasta el punto de equilibrio.`
              : 'Con los supuestos actuales la caja alcanza; buscamos socios y clientes para crecer.',
        },
        ...(raised.length > 0 ? [{ kind: 'bullets' as const, items: raised }] : []),
      ],
    }),
  };
}

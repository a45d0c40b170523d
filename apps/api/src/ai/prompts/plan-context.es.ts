import { type FinancialAssumptions, type PlanScenarios, planChangeTargets } from '@rumbo/contract';
import { monthLabel, monthName, projectPlan } from '@rumbo/contract/finance-engine';
import { estimateTokens } from '../../lib/estimate-tokens.ts';
import { asPromptData } from '../../lib/outside-text.ts';

/** The business's financial plan as the chat's read gives it (docs/decisions/0041). */
export interface PlanForPrompt {
  assumptions: FinancialAssumptions;
  scenarios: PlanScenarios;
  currency: 'EUR' | 'USD';
}

/** Tokens the plan's figures may take in the advisor's prompt (on top of the research's). */
export const PLAN_TOKEN_BUDGET = 900;

/**
 * The plan's key figures for the advisor (docs/decisions/0041): computed by the engine from the founder's
 * own assumptions (base scenario), so that '¿cuándo llego al punto de equilibrio?' is answered from the
 * model the founder built and not from figures made up on the spot. Names the founder typed are data.
 */
export function planBlock(plan: PlanForPrompt, budget = PLAN_TOKEN_BUDGET): string {
  const { assumptions } = plan;
  const money = new Intl.NumberFormat('es-ES', {
    style: 'currency',
    currency: plan.currency,
    maximumFractionDigits: 0,
  });
  const eur = (cents: number) => money.format(Math.round(cents / 100));
  const amount = (units: number) => money.format(units);
  const p = projectPlan(assumptions);
  const k = p.key;
  const at = (m: number) => `mes ${m} del plan (${monthName(monthLabel(assumptions.start_month, m))})`;
  const lines = [
    `Plan financiero del emprendedor (escenario base; cifras calculadas por la aplicación con sus supuestos; el plan empieza en ${monthName(assumptions.start_month)}):`,
    `- Punto de equilibrio: ${k.break_even_month === null ? 'no se alcanza en los 36 meses del plan' : at(k.break_even_month)}.`,
    `- Caja: ${k.cash_out_month === null ? 'no se agota en los 36 meses' : `se agota en el ${at(k.cash_out_month)}; dura ${k.runway_months} meses`}.`,
    `- Gasto neto mensual (burn) medio hasta el equilibrio: ${eur(k.monthly_burn)}.`,
    `- Financiación que falta: ${k.funding_need > 0 ? `${eur(k.funding_need)} (la caja más baja, en el ${at(k.min_cash_month)})` : 'ninguna'}.`,
    ...p.years.map(
      (y) =>
        `- Año ${y.year}: ingresos ${eur(y.revenue)}, margen bruto ${y.gross_margin_pct === null ? '—' : `${y.gross_margin_pct} %`}, EBITDA ${eur(y.ebitda)}, caja al final ${eur(y.cash_balance)}.`,
    ),
    ...p.unit_economics
      .slice(0, 3)
      .map(
        (u) =>
          `- ${asPromptData(u.product_name)}: CAC ${u.cac === null ? '—' : eur(u.cac)}, LTV ${u.ltv === null ? '—' : eur(u.ltv)}, recuperación del CAC ${u.payback_months ?? '—'} meses.`,
      ),
  ];
  const details = [
    ...assumptions.products.map(
      (x) =>
        `- Producto ${asPromptData(x.name)}: ${x.kind === 'sale' ? 'venta por unidad' : 'suscripción mensual'} a ${amount(x.price)}, coste ${amount(x.unit_cost)}, ${x.start_volume} ${x.kind === 'sale' ? 'unidades' : 'clientes nuevos'} el mes ${x.start_month} y +${x.monthly_growth_pct} % al mes${x.kind === 'subscription' ? `, bajas ${x.churn_pct} % al mes` : ''}.`,
    ),
    `- Costes fijos al mes: ${amount(assumptions.fixed_costs.reduce((t, c) => t + c.monthly, 0))}; marketing al mes: ${amount(assumptions.marketing_monthly.value)}.`,
    `- Equipo: ${assumptions.team.map((r) => `${r.headcount} × ${asPromptData(r.name)} (${amount(r.monthly_salary)} brutos)`).join(', ') || 'nadie contratado'}; cotizaciones de la empresa ${assumptions.employer_cost_pct.value} %.`,
    `- Fondos propios ${amount(assumptions.own_funds.value)}; préstamos ${amount(assumptions.loans.reduce((t, l) => t + l.principal, 0))}; subvenciones ${amount(assumptions.grants.reduce((t, g) => t + g.amount, 0))}; capital ${amount(assumptions.equity.reduce((t, e) => t + e.amount, 0))}.`,
  ];
  const closing =
    'Cuando te pregunten por el punto de equilibrio, la caja, los márgenes o las cifras del plan, responde con estas cifras y di que salen de su plan financiero; no calcules otras. ' +
    'Si recomiendas cambiar un supuesto, di cuál, su valor actual y el nuevo, y añade al final de tu respuesta una línea por cambio con este formato exacto, que el emprendedor podrá aplicar con un clic: [[cambio-plan supuesto=valor]] (el valor, solo el número). Supuestos que se pueden cambiar así:';
  let block = lines.join('\n');
  const fits = (extra: string) => estimateTokens(`${block}\n${extra}\n${closing}`) <= budget;
  for (const line of details) {
    if (!fits(line)) break;
    block += `\n${line}`;
  }
  let targets = '';
  for (const target of planChangeTargets(assumptions).map(asPromptData)) {
    const next = targets ? `${targets}; ${target}` : target;
    if (!fits(next)) break;
    targets = next;
  }
  return `${block}\n\n${closing} ${targets}.`;
}

import type { ReportSection, RoadmapView } from '@rumbo/contract';
import { researches } from '../db/schema/index.ts';
import type { TestApp } from './app.ts';

/** The roadmap tests' calls, as the owner (or anyone with a cookie) makes them. */
export function roadmapCalls(t: TestApp) {
  const send = (cookie: string | undefined, method: string, path: string, body?: unknown) =>
    t.request(path, {
      method,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const base = (businessId: number) => `/api/businesses/${businessId}/roadmap`;
  return {
    read: (cookie: string | undefined, businessId: number) => send(cookie, 'GET', base(businessId)),
    create: (cookie: string | undefined, businessId: number) => send(cookie, 'POST', base(businessId)),
    addMilestone: (cookie: string | undefined, businessId: number, body: unknown) =>
      send(cookie, 'POST', `${base(businessId)}/milestones`, body),
    editMilestone: (cookie: string | undefined, businessId: number, milestoneId: number, body: unknown) =>
      send(cookie, 'PATCH', `${base(businessId)}/milestones/${milestoneId}`, body),
    addTask: (cookie: string | undefined, businessId: number, body: unknown) =>
      send(cookie, 'POST', `${base(businessId)}/tasks`, body),
    editTask: (cookie: string | undefined, businessId: number, taskId: number, body: unknown) =>
      send(cookie, 'PATCH', `${base(businessId)}/tasks/${taskId}`, body),
    undo: (cookie: string | undefined, businessId: number) =>
      send(cookie, 'POST', `${base(businessId)}/undo`),
  };
}

export const viewOf = async (res: Response) => (await res.json()) as RoadmapView;

const section = (key: ReportSection['key'], title: string, texts: string[]): ReportSection => ({
  key,
  title,
  claims: texts.map((text) => ({ text, kind: 'estimacion', sources: [] })),
  score: key === 'viabilidad' ? 6 : null,
});

/** A report's assumptions, risks, viability and procedures, as a model writes them. */
export const REPORT_ASSUMPTIONS = [
  'Supuesto: los restaurantes pagarán más por aceite con origen trazable. Experimento: ofrece una cata a 10 restaurantes de tu zona; se confirma si al menos 3 hacen un pedido de prueba.',
  'Supuesto: el reparto semanal en ruta fija sale rentable. Experimento: haz dos semanas de reparto a 5 clientes y anota el coste por entrega; se confirma si es inferior a 4 € por pedido.',
];
export const REPORT_RISKS = [
  'La dependencia de una sola almazara expone el negocio a una mala cosecha [2].',
  'Falta dato: el número de restaurantes de gama media del barrio.',
];
export const REPORT_VIABILITY = [
  'El margen bruto estimado ronda el 35 %, suficiente si el reparto se agrupa.',
];
export const REPORT_PROCEDURES = [
  'Alta en el Registro Sanitario de Empresas Alimentarias antes de distribuir alimentos.',
  'Falta dato: el número de restaurantes de gama media del barrio',
  'Verifícalo con una gestoría.',
];

/** Stores a completed report the model wrote for `businessId`. */
export async function completedReport(t: TestApp, businessId: number): Promise<number> {
  const [row] = await t.database.db
    .insert(researches)
    .values({
      businessId,
      maxTokens: 50_000,
      status: 'completed',
      mode: 'model',
      stage: 'done',
      progress: 1000,
      completedAt: new Date(),
      sections: {
        riesgos: section('riesgos', 'Riesgos', REPORT_RISKS),
        viabilidad: section('viabilidad', 'Viabilidad', REPORT_VIABILITY),
        regulacion: section('regulacion', 'Regulación y trámites', REPORT_PROCEDURES),
        supuestos: section('supuestos', 'Supuestos más arriesgados y cómo probarlos', REPORT_ASSUMPTIONS),
      },
    })
    .returning({ id: researches.id });
  return row?.id ?? 0;
}

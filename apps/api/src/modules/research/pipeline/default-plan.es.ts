import { type Business, countryProfile, type ReportSectionKey } from '@rumbo/contract';

/**
 * The questions a run researches when the model cannot plan (it answered in prose, or never in the
 * schema): the usual ones for the business's stage, sector and country, so a model that can write prose
 * still yields a report.
 */
export interface DefaultQuestion {
  question: string;
  query: string;
  sections: ReportSectionKey[];
}

/** The business's sector in a few words: its description up to the first place, feature or purpose. */
export function sectorOf(business: Business): string {
  const lead = business.description.split(/[,.;:()]|\s(?:en|con|para|que|y|donde)\s/iu)[0] ?? '';
  const words = lead.trim().split(/\s+/).slice(0, 6).join(' ');
  return words.length >= 3 ? words.toLowerCase() : business.name.toLowerCase();
}

export function defaultPlan(business: Business): DefaultQuestion[] {
  const sector = sectorOf(business);
  const country = business.location === 'Otro' ? '' : business.location;
  const where = country ? ` en ${country}` : '';
  const questions: DefaultQuestion[] = [
    {
      question: `¿Qué tamaño tiene el mercado de ${sector}${where} y cuánto crece?`,
      query: `${sector} ${country} tamaño del mercado`,
      sections: ['mercado', 'tendencias'],
    },
    {
      question: `¿Quiénes son los clientes de ${sector}${where} y cuánto están dispuestos a pagar?`,
      query: `${sector} ${country} clientes perfil gasto`,
      sections: ['segmentos', 'precios'],
    },
    {
      question: `¿Qué competidores hay en ${sector}${where} y qué precios cobran?`,
      query: `${sector} ${country} competidores precios`,
      sections: ['competidores', 'precios'],
    },
    {
      question: `¿Por qué canales se vende y se consiguen clientes en ${sector}?`,
      query: `${sector} canales de venta captación clientes`,
      sections: ['canales'],
    },
    {
      question: `¿Qué trámites, licencias e impuestos exige un negocio de ${sector}${where}?`,
      query: `${sector} ${country} licencia trámites requisitos`,
      sections: ['regulacion'],
    },
    {
      question: `¿Qué tendencias y riesgos afectan a ${sector}${where}?`,
      query: `${sector} ${country} tendencias sector`,
      sections: ['tendencias', 'riesgos'],
    },
    business.stage === 'idea'
      ? {
          question: `¿Cómo se puede comprobar que hay demanda para ${business.name} antes de invertir?`,
          query: `validar demanda ${sector}`,
          sections: ['supuestos', 'viabilidad'],
        }
      : {
          question: `¿Qué han hecho negocios de ${sector} para conseguir este objetivo: ${business.goal}?`,
          query: `${sector} crecimiento estrategia`,
          sections: ['supuestos', 'viabilidad'],
        },
  ];
  return questions.map((q) => ({ ...q, query: q.query.replace(/\s+/g, ' ').trim() }));
}

/**
 * The question every plan asks (ADR 0051): the public funding for this kind of business in its country.
 * Its search names the country's funding bodies (or its ministry), so that official pages are found and,
 * being official, read first.
 */
export function fundingQuestion(business: Business): DefaultQuestion {
  const sector = sectorOf(business);
  const country = business.location === 'Otro' ? '' : business.location;
  const where = country ? ` en ${country}` : '';
  const profile = countryProfile(business.location);
  const bodies = profile.sources.filter((s) => s.kind === 'ayudas').slice(0, 2);
  const named = (
    bodies.length > 0 ? bodies : profile.sources.filter((s) => s.kind === 'ministerio').slice(0, 1)
  )
    .map((s) => s.name)
    .join(' ');
  return {
    question: `¿Qué ayudas públicas, subvenciones, préstamos y programas de apoyo hay para emprender en ${sector}${where}?`,
    query: `ayudas emprendedores ${sector} ${country} ${named}`.replace(/\s+/g, ' ').trim(),
    sections: ['ayudas'],
  };
}

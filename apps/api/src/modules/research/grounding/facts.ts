/**
 * The checkable facts of a claim (docs/decisions/0039): every number, percentage, amount and year, and
 * the organisations it names, in a normalised form that a source's text can be searched for, whatever
 * the notation: '12 %' = '12%' = '12 por ciento'; '120 M€' = '120 millones de euros' = '120.000.000 €';
 * '1.200' = '1,200' = '1200'; '2,60' = '2,6'.
 */

export interface Fact {
  /** What is looked for: `p:12` (a percentage), `n:120000000` (any other number), `o:ine` (a name). */
  key: string;
  /** As the claim wrote it (the reason of a downgrade quotes it). */
  label: string;
}

/** Lower case, without accents: what names are compared in. */
export const fold = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '');

const NUMBER =
  /(?<![\w.,])(\d{1,3}(?:[.\u00a0\u202f]\d{3})+(?:,\d+)?|\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:[.,]\d+)?)(?![\d])\s*(%|por\s*ciento|mil\s+millones|millardos?|millones|mill[oó]n|mill\.|mm\b|m\s?€|m\s?\$|bn\b|k\s?€|k\b|mil\b)?/giu;

const MULTIPLIERS: Array<[RegExp, number]> = [
  [/^(mil\s+millones|millardos?|bn)$/iu, 1e9],
  [/^(millones|mill[oó]n|mill\.|mm|m\s?€|m\s?\$)$/iu, 1e6],
  [/^(k\s?€|k|mil)$/iu, 1e3],
];

function parseNumber(raw: string): number {
  let digits = raw.replace(/[\u00a0\u202f]/g, '.');
  if (/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(digits)) digits = digits.replace(/\./g, '').replace(',', '.');
  else if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(digits)) digits = digits.replace(/,/g, '');
  else digits = digits.replace(',', '.');
  return Number(digits);
}

/** A number's key: rounded so that 1,2 × 10⁶ and 1.200.000 agree. */
const numberKey = (value: number) => String(Number(value.toPrecision(10)));

/** The figures of a text: `p:` keys for percentages, `n:` keys for every other number (amounts, years). */
export function figuresOf(text: string): Fact[] {
  const found: Fact[] = [];
  for (const match of text.matchAll(NUMBER)) {
    const [whole, raw = '', unit = ''] = match;
    const value = parseNumber(raw);
    if (!Number.isFinite(value)) continue;
    const label = whole.trim();
    if (/^(%|por\s*ciento)$/iu.test(unit)) {
      found.push({ key: `p:${numberKey(value)}`, label });
      continue;
    }
    const multiplier = MULTIPLIERS.find(([pattern]) => pattern.test(unit))?.[1] ?? 1;
    found.push({ key: `n:${numberKey(value * multiplier)}`, label });
  }
  return found;
}

/** Acronyms that name ideas of a report, not organisations (an 'IVA' or a 'TAM' is not a source's claim). */
const NOT_ORGANISATIONS = new Set(
  'TAM SAM SOM DAFO FODA SWOT PESTEL KPI KPIS CAC LTV ROI EBITDA MVP SEO SEM IVA IGV IRPF IAE RETA PYME PYMES B2B B2C SAAS CEO CTO UE EU FAQ PDF URL IA AI TIC APP APPS USD EUR MXN COP ARS CLP PEN'.split(
    ' ',
  ),
);
const ACRONYM = /(?<![\p{L}\d])[A-ZÁÉÍÓÚÑ]{2,10}(?![\p{L}\d])/gu;
const CAPITALISED = '[A-ZÁÉÍÓÚÑ][\\p{L}.&-]*';
/** 'Según la Asociación Española del Café', 'de acuerdo con Statista', 'un informe de la OCDE'. */
export const ATTRIBUTION = new RegExp(
  `(?<![\\p{L}])([Ss]egún|[Dd]e acuerdo con|[Cc]onforme a|[Ii]nforme de|[Dd]atos de|[Ee]studio de|[Ee]ncuesta de)\\s+(?:el |la |los |las |un |una )?(${CAPITALISED}(?:\\s+(?:(?:de|del|para)\\s+(?:(?:la|las|los)\\s+)?|(?:y|e)\\s+)?${CAPITALISED})*)`,
  'gu',
);

/** The organisations a text names: acronyms and the names it attributes something to. */
export function organisationsOf(text: string): Fact[] {
  const names = new Map<string, string>();
  for (const [acronym] of text.matchAll(ACRONYM)) {
    if (!NOT_ORGANISATIONS.has(fold(acronym).toUpperCase())) names.set(`o:${fold(acronym)}`, acronym);
  }
  for (const match of text.matchAll(ATTRIBUTION)) {
    const name = match[2]?.replace(/[.,;:]+$/, '') ?? '';
    if (name.length >= 2) names.set(`o:${fold(name)}`, name);
  }
  return [...names].map(([key, label]) => ({ key, label }));
}

/** Every fact of a text; a source is searched for each. */
export function factsOf(text: string): Fact[] {
  return [...figuresOf(text), ...organisationsOf(text)];
}

/** What a source's text can be searched in: its figure keys and its folded words. */
export interface SourceFacts {
  figures: ReadonlySet<string>;
  folded: string;
}

export function sourceFacts(text: string): SourceFacts {
  return {
    figures: new Set(figuresOf(text).map((f) => f.key)),
    folded: ` ${fold(text).replace(/\s+/g, ' ')} `,
  };
}

/** Whether the source says this fact: the same figure in any notation, or the name as words. */
export function sourceHas(source: SourceFacts, fact: Fact): boolean {
  if (fact.key.startsWith('o:')) {
    const name = fact.key.slice(2).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return new RegExp(`(?<![\\p{L}\\d])${name}(?![\\p{L}\\d])`, 'u').test(source.folded);
  }
  return source.figures.has(fact.key);
}

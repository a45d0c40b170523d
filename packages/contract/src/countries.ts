// The countries a business may be in and what research knows of each (ADR 0051): the search's country and
// language, the official sources ranked first and named in searches, the procedures a scaffold lists, and
// who to check them with. zod-free: the web bundle reads the list for the wizard's select.

/** The kinds of official source a country's list names. */
export type OfficialSourceKind =
  | 'estadistica'
  | 'boletin'
  | 'ministerio'
  | 'camara'
  | 'fiscal'
  | 'registro'
  /** Public funding: grants, soft loans, programmes for founders. */
  | 'ayudas';

export interface OfficialSource {
  name: string;
  kind: OfficialSourceKind;
  /** Its registered domain: a page on it or on a subdomain counts as this source. */
  domain: string;
}

export interface CountryProfile {
  /** ISO 3166-1 alpha-2; null for 'Otro'. */
  code: string | null;
  /** The language of its searches (SearXNG `language`, Brave `search_lang`). */
  language: string;
  /** Whether Spanish is an official language (the ones the product is made for). */
  spanish: boolean;
  /** Brave's `country` (its API knows a subset of countries; the others search 'ALL'). */
  brave: string;
  /** Tavily's `country` (lowercase English name), when it has one. */
  tavily: string | null;
  /** Who to check procedures with, in the country's words (the report's regulation lines end with it). */
  advice: string;
  /** The procedures to check (the scaffold lists them; research looks them up). */
  procedures: readonly string[];
  sources: readonly OfficialSource[];
}

const GESTORIA = 'Verifícalo con una gestoría.';
const CONTADOR = 'Verifícalo con un contador público.';
const ASESOR = 'Verifícalo con un asesor fiscal o una gestoría del país.';

/** Brave Search's countries (its API refuses others); every other country searches 'ALL' in Spanish. */
const BRAVE_COUNTRIES = new Set(
  'AR AU AT BE BR CA CL DK FI FR DE HK IN ID IT JP KR MY MX NL NZ NO CN PL PT PH RU SA ZA ES SE CH TW TR GB US'.split(
    ' ',
  ),
);

type Row = [
  code: string,
  language: string,
  tavily: string | null,
  advice: string,
  procedures: readonly string[],
  sources: ReadonlyArray<[name: string, kind: OfficialSourceKind, domain: string]>,
];

/** Procedures of a country whose own list is not written out: its registry and tax agency by name. */
function genericProcedures(sources: Row[5]): string[] {
  const named = (kind: OfficialSourceKind) => sources.find(([, k]) => k === kind)?.[0];
  const registry = named('registro') ?? named('camara') ?? named('ministerio');
  const tax = named('fiscal');
  return [
    registry
      ? `Registro de la empresa o de la actividad (${registry}).`
      : 'Registro de la empresa o de la actividad ante el registro mercantil del país.',
    tax
      ? `Alta fiscal y régimen de impuestos ante ${tax}.`
      : 'Alta fiscal ante la autoridad tributaria del país.',
    'Licencias municipales o sectoriales que exija tu actividad, y seguridad social si vas a contratar.',
  ];
}

const ROWS: Record<string, Row> = {
  España: [
    'ES',
    'es-ES',
    'spain',
    GESTORIA,
    [
      'Alta censal en Hacienda (modelo 036 o 037) y, si eres autónomo, alta en el RETA de la Seguridad Social.',
      'Licencia de actividad o declaración responsable en tu ayuntamiento.',
      'Impuesto sobre Actividades Económicas (IAE) y régimen de IVA que te corresponde.',
    ],
    [
      ['INE', 'estadistica', 'ine.es'],
      ['BOE', 'boletin', 'boe.es'],
      ['Ministerio de Industria y Turismo', 'ministerio', 'mintur.gob.es'],
      ['Cámara de Comercio de España', 'camara', 'camara.es'],
      ['Agencia Tributaria', 'fiscal', 'agenciatributaria.es'],
      ['ENISA', 'ayudas', 'enisa.es'],
      ['CDTI', 'ayudas', 'cdti.es'],
      ['ICO', 'ayudas', 'ico.es'],
    ],
  ],
  México: [
    'MX',
    'es-MX',
    'mexico',
    CONTADOR,
    [
      'Inscripción en el RFC ante el SAT y elección del régimen fiscal (por ejemplo RESICO).',
      'Licencia de funcionamiento municipal y, si aplica, aviso de funcionamiento ante COFEPRIS.',
      'Alta patronal en el IMSS si vas a contratar.',
    ],
    [
      ['INEGI', 'estadistica', 'inegi.org.mx'],
      ['Diario Oficial de la Federación', 'boletin', 'dof.gob.mx'],
      ['Secretaría de Economía', 'ministerio', 'gob.mx'],
      ['SAT', 'fiscal', 'sat.gob.mx'],
      ['Nacional Financiera (NAFIN)', 'ayudas', 'nafin.com.mx'],
    ],
  ],
  Colombia: [
    'CO',
    'es-CO',
    'colombia',
    CONTADOR,
    [
      'Registro mercantil en la Cámara de Comercio y RUT ante la DIAN.',
      'Concepto de uso de suelo y condiciones sanitarias según la actividad.',
      'Afiliación de los trabajadores a seguridad social y parafiscales.',
    ],
    [
      ['DANE', 'estadistica', 'dane.gov.co'],
      ['Diario Oficial', 'boletin', 'imprenta.gov.co'],
      ['Ministerio de Comercio, Industria y Turismo', 'ministerio', 'mincit.gov.co'],
      ['Confecámaras', 'camara', 'confecamaras.org.co'],
      ['DIAN', 'fiscal', 'dian.gov.co'],
      ['iNNpulsa Colombia', 'ayudas', 'innpulsacolombia.com'],
      ['Bancóldex', 'ayudas', 'bancoldex.com'],
      ['Fondo Emprender (SENA)', 'ayudas', 'fondoemprender.com'],
    ],
  ],
  Argentina: [
    'AR',
    'es-AR',
    'argentina',
    CONTADOR,
    [
      'Alta en ARCA (ex AFIP) con CUIT y elección entre Monotributo o Responsable Inscripto.',
      'Inscripción en Ingresos Brutos de tu provincia.',
      'Habilitación municipal del local, si lo tienes.',
    ],
    [
      ['INDEC', 'estadistica', 'indec.gob.ar'],
      ['Boletín Oficial', 'boletin', 'boletinoficial.gob.ar'],
      ['Ministerio de Economía', 'ministerio', 'argentina.gob.ar'],
      ['ARCA (ex AFIP)', 'fiscal', 'afip.gob.ar'],
      ['BICE', 'ayudas', 'bice.com.ar'],
    ],
  ],
  Chile: [
    'CL',
    'es-CL',
    'chile',
    CONTADOR,
    [
      'Inicio de actividades en el SII y elección de régimen tributario.',
      'Patente municipal y, si aplica, resolución sanitaria de la SEREMI de Salud.',
      'Constitución de la sociedad (por ejemplo en el Registro de Empresas y Sociedades).',
    ],
    [
      ['INE Chile', 'estadistica', 'ine.gob.cl'],
      ['Diario Oficial', 'boletin', 'diariooficial.interior.gob.cl'],
      ['Ministerio de Economía', 'ministerio', 'economia.gob.cl'],
      ['SII', 'fiscal', 'sii.cl'],
      ['Registro de Empresas y Sociedades', 'registro', 'registrodeempresasysociedades.cl'],
      ['CORFO', 'ayudas', 'corfo.cl'],
      ['Sercotec', 'ayudas', 'sercotec.cl'],
    ],
  ],
  Perú: [
    'PE',
    'es-PE',
    'peru',
    CONTADOR,
    [
      'Inscripción en el RUC ante la SUNAT y elección de régimen (NRUS, RER, MYPE tributario o general).',
      'Constitución de la empresa e inscripción en SUNARP, si es una sociedad.',
      'Licencia municipal de funcionamiento y certificado de Defensa Civil (ITSE).',
    ],
    [
      ['INEI', 'estadistica', 'inei.gob.pe'],
      ['El Peruano', 'boletin', 'elperuano.pe'],
      ['Ministerio de la Producción', 'ministerio', 'gob.pe'],
      ['SUNAT', 'fiscal', 'sunat.gob.pe'],
      ['SUNARP', 'registro', 'sunarp.gob.pe'],
      ['ProInnóvate', 'ayudas', 'proinnovate.gob.pe'],
    ],
  ],
  Venezuela: [
    'VE',
    'es-VE',
    'venezuela',
    CONTADOR,
    [
      'Inscripción en el Registro Mercantil (SAREN) y en el RIF ante el SENIAT.',
      'Licencia de actividades económicas de tu alcaldía.',
      'Inscripción en el IVSS y en el INCES si vas a contratar.',
    ],
    [
      ['INE Venezuela', 'estadistica', 'ine.gob.ve'],
      ['Gaceta Oficial', 'boletin', 'tsj.gob.ve'],
      ['Ministerio de Comercio Nacional', 'ministerio', 'mincomercionacional.gob.ve'],
      ['Conindustria', 'camara', 'conindustria.org'],
      ['SENIAT', 'fiscal', 'seniat.gob.ve'],
      ['SAREN', 'registro', 'saren.gob.ve'],
    ],
  ],
  Ecuador: [
    'EC',
    'es-EC',
    'ecuador',
    CONTADOR,
    [
      'Inscripción en el RUC ante el SRI (o RIMPE para emprendedores).',
      'Constitución de la compañía ante la Superintendencia de Compañías, si es una sociedad.',
      'Permiso municipal de funcionamiento (patente) y permiso de bomberos.',
    ],
    [
      ['INEC', 'estadistica', 'ecuadorencifras.gob.ec'],
      ['Registro Oficial', 'boletin', 'registroficial.gob.ec'],
      ['Ministerio de Producción', 'ministerio', 'produccion.gob.ec'],
      ['SRI', 'fiscal', 'sri.gob.ec'],
      ['Superintendencia de Compañías', 'registro', 'supercias.gob.ec'],
      ['CFN', 'ayudas', 'cfn.fin.ec'],
    ],
  ],
  Bolivia: [
    'BO',
    'es-BO',
    'bolivia',
    CONTADOR,
    [
      'Inscripción en el Padrón Nacional de Contribuyentes (NIT) del Servicio de Impuestos Nacionales.',
      'Registro de comercio en el SEPREC.',
      'Licencia de funcionamiento municipal.',
    ],
    [
      ['INE Bolivia', 'estadistica', 'ine.gob.bo'],
      ['Gaceta Oficial', 'boletin', 'gacetaoficialdebolivia.gob.bo'],
      ['Ministerio de Desarrollo Productivo', 'ministerio', 'produccion.gob.bo'],
      ['Servicio de Impuestos Nacionales', 'fiscal', 'impuestos.gob.bo'],
      ['SEPREC', 'registro', 'seprec.gob.bo'],
      ['Banco de Desarrollo Productivo', 'ayudas', 'bdp.com.bo'],
    ],
  ],
  Paraguay: [
    'PY',
    'es-PY',
    'paraguay',
    CONTADOR,
    [
      'Inscripción en el RUC ante la DNIT.',
      'Apertura de la empresa en el SUACE (Sistema Unificado de Apertura y Cierre de Empresas).',
      'Patente y habilitación municipal.',
    ],
    [
      ['INE Paraguay', 'estadistica', 'ine.gov.py'],
      ['Ministerio de Industria y Comercio', 'ministerio', 'mic.gov.py'],
      ['DNIT', 'fiscal', 'dnit.gov.py'],
      ['SUACE', 'registro', 'suace.gov.py'],
      ['Agencia Financiera de Desarrollo', 'ayudas', 'afd.gov.py'],
    ],
  ],
  Uruguay: [
    'UY',
    'es-UY',
    'uruguay',
    CONTADOR,
    [
      'Inscripción en la DGI y en el BPS (Empresa en el Día para sociedades).',
      'Habilitación de la Intendencia y, si aplica, de Bomberos.',
      'Elección del régimen (monotributo, literal E o IRAE).',
    ],
    [
      ['INE Uruguay', 'estadistica', 'ine.gub.uy'],
      ['IMPO', 'boletin', 'impo.com.uy'],
      ['Ministerio de Industria, Energía y Minería', 'ministerio', 'miem.gub.uy'],
      ['DGI', 'fiscal', 'dgi.gub.uy'],
      ['ANDE', 'ayudas', 'ande.org.uy'],
      ['ANII', 'ayudas', 'anii.org.uy'],
    ],
  ],
  'Costa Rica': [
    'CR',
    'es-CR',
    'costa rica',
    CONTADOR,
    [
      'Inscripción como contribuyente ante el Ministerio de Hacienda (TRIBU-CR).',
      'Permiso sanitario de funcionamiento y patente municipal.',
      'Inscripción como patrono en la CCSS y póliza de riesgos del trabajo si vas a contratar.',
    ],
    [
      ['INEC', 'estadistica', 'inec.cr'],
      ['La Gaceta', 'boletin', 'imprentanacional.go.cr'],
      ['MEIC', 'ministerio', 'meic.go.cr'],
      ['Ministerio de Hacienda', 'fiscal', 'hacienda.go.cr'],
      ['Sistema de Banca para el Desarrollo', 'ayudas', 'sbdcr.com'],
    ],
  ],
  Panamá: [
    'PA',
    'es-PA',
    'panama',
    CONTADOR,
    [
      'Aviso de Operación en Panamá Emprende.',
      'Inscripción en el RUC ante la DGI.',
      'Inscripción en la Caja de Seguro Social si vas a contratar.',
    ],
    [
      ['INEC', 'estadistica', 'inec.gob.pa'],
      ['Gaceta Oficial', 'boletin', 'gacetaoficial.gob.pa'],
      ['MICI', 'ministerio', 'mici.gob.pa'],
      ['DGI (Ministerio de Economía y Finanzas)', 'fiscal', 'mef.gob.pa'],
      ['Panamá Emprende', 'registro', 'panamaemprende.gob.pa'],
      ['AMPYME', 'ayudas', 'ampyme.gob.pa'],
    ],
  ],
  Guatemala: [
    'GT',
    'es-GT',
    'guatemala',
    CONTADOR,
    [
      'Inscripción en el Registro Mercantil (empresa o sociedad).',
      'NIT y afiliación al régimen de IVA ante la SAT.',
      'Licencia municipal y, si aplica, licencia sanitaria.',
    ],
    [
      ['INE Guatemala', 'estadistica', 'ine.gob.gt'],
      ['Diario de Centro América', 'boletin', 'dca.gob.gt'],
      ['Ministerio de Economía', 'ministerio', 'mineco.gob.gt'],
      ['SAT', 'fiscal', 'sat.gob.gt'],
      ['Registro Mercantil', 'registro', 'registromercantil.gob.gt'],
    ],
  ],
  Honduras: [
    'HN',
    'es-HN',
    'honduras',
    CONTADOR,
    [
      'Inscripción en el Registro Mercantil de la Cámara de Comercio.',
      'RTN ante el SAR.',
      'Permiso de operación de la alcaldía.',
    ],
    [
      ['INE Honduras', 'estadistica', 'ine.gob.hn'],
      ['Secretaría de Desarrollo Económico', 'ministerio', 'sde.gob.hn'],
      ['SAR', 'fiscal', 'sar.gob.hn'],
      ['SENPRENDE', 'ayudas', 'senprende.gob.hn'],
    ],
  ],
  'El Salvador': [
    'SV',
    'es-SV',
    'el salvador',
    CONTADOR,
    [
      'Inscripción en el Registro de Comercio (CNR) y matrícula de empresa.',
      'NIT y registro de contribuyente de IVA ante el Ministerio de Hacienda.',
      'Licencias municipales y, si aplica, permisos sanitarios.',
    ],
    [
      ['Banco Central de Reserva (estadísticas)', 'estadistica', 'bcr.gob.sv'],
      ['Ministerio de Economía', 'ministerio', 'minec.gob.sv'],
      ['Ministerio de Hacienda', 'fiscal', 'mh.gob.sv'],
      ['Centro Nacional de Registros', 'registro', 'cnr.gob.sv'],
      ['CONAMYPE', 'ayudas', 'conamype.gob.sv'],
    ],
  ],
  Nicaragua: [
    'NI',
    'es-NI',
    'nicaragua',
    CONTADOR,
    [
      'Inscripción en el Registro Público Mercantil.',
      'RUC ante la DGI.',
      'Matrícula de la alcaldía e inscripción en el INSS si vas a contratar.',
    ],
    [
      ['INIDE', 'estadistica', 'inide.gob.ni'],
      ['La Gaceta', 'boletin', 'lagaceta.gob.ni'],
      ['MIFIC', 'ministerio', 'mific.gob.ni'],
      ['DGI', 'fiscal', 'dgi.gob.ni'],
    ],
  ],
  Cuba: [
    'CU',
    'es-CU',
    'cuba',
    CONTADOR,
    [
      'Aprobación y constitución de la mipyme o inscripción como trabajador por cuenta propia.',
      'Inscripción en el Registro Mercantil y ante la ONAT.',
      'Licencias sectoriales que exija tu actividad.',
    ],
    [
      ['ONEI', 'estadistica', 'onei.gob.cu'],
      ['Gaceta Oficial', 'boletin', 'gacetaoficial.gob.cu'],
      ['Ministerio de Economía y Planificación', 'ministerio', 'mep.gob.cu'],
      ['ONAT', 'fiscal', 'onat.gob.cu'],
    ],
  ],
  'República Dominicana': [
    'DO',
    'es-DO',
    'dominican republic',
    CONTADOR,
    [
      'Registro mercantil en la Cámara de Comercio y nombre comercial en ONAPI.',
      'RNC ante la DGII.',
      'Inscripción en la Tesorería de la Seguridad Social si vas a contratar.',
    ],
    [
      ['ONE', 'estadistica', 'one.gob.do'],
      ['Ministerio de Industria, Comercio y Mipymes', 'ministerio', 'micm.gob.do'],
      ['DGII', 'fiscal', 'dgii.gov.do'],
      ['ONAPI', 'registro', 'onapi.gob.do'],
    ],
  ],
  'Puerto Rico': [
    'PR',
    'es-PR',
    'puerto rico',
    CONTADOR,
    [
      'Registro de la corporación o LLC en el Departamento de Estado.',
      'Registro de Comerciante en el SURI (Departamento de Hacienda) y número patronal (EIN) del IRS.',
      'Patente municipal y permiso único de la OGPe.',
    ],
    [
      ['Instituto de Estadísticas', 'estadistica', 'estadisticas.pr'],
      ['Departamento de Hacienda', 'fiscal', 'hacienda.pr.gov'],
      ['DDEC', 'ministerio', 'ddec.pr.gov'],
      ['Departamento de Estado', 'registro', 'estado.pr.gov'],
      ['SBA', 'ayudas', 'sba.gov'],
    ],
  ],
  'Guinea Ecuatorial': [
    'GQ',
    'es',
    null,
    ASESOR,
    [
      'Registro de la empresa en la Ventanilla Única Empresarial.',
      'Alta fiscal ante el Ministerio de Hacienda.',
      'Licencias sectoriales que exija tu actividad.',
    ],
    [['INEGE', 'estadistica', 'inege.gq']],
  ],
  Brasil: [
    'BR',
    'pt-BR',
    'brazil',
    ASESOR,
    [
      'Registro de la empresa (CNPJ) en la Receita Federal y en la Junta Comercial de tu estado (o como MEI).',
      'Inscripción municipal y estatal para el ISS o el ICMS según la actividad.',
      'Licencias municipales (alvará de funcionamento) y sanitarias si aplican.',
    ],
    [
      ['IBGE', 'estadistica', 'ibge.gov.br'],
      ['Diário Oficial da União', 'boletin', 'in.gov.br'],
      ['Receita Federal', 'fiscal', 'gov.br'],
      ['Sebrae', 'ayudas', 'sebrae.com.br'],
      ['BNDES', 'ayudas', 'bndes.gov.br'],
    ],
  ],
  Portugal: [
    'PT',
    'pt-PT',
    'portugal',
    ASESOR,
    [],
    [
      ['INE Portugal', 'estadistica', 'ine.pt'],
      ['Diário da República', 'boletin', 'diariodarepublica.pt'],
      ['Autoridade Tributária', 'fiscal', 'portaldasfinancas.gov.pt'],
      ['ePortugal', 'registro', 'eportugal.gov.pt'],
      ['IAPMEI', 'ayudas', 'iapmei.pt'],
    ],
  ],
  Francia: [
    'FR',
    'fr-FR',
    'france',
    ASESOR,
    [],
    [
      ['INSEE', 'estadistica', 'insee.fr'],
      ['Légifrance', 'boletin', 'legifrance.gouv.fr'],
      ['impots.gouv.fr', 'fiscal', 'impots.gouv.fr'],
      ['Guichet unique (INPI)', 'registro', 'inpi.fr'],
      ['Bpifrance', 'ayudas', 'bpifrance.fr'],
    ],
  ],
  'Países Bajos': [
    'NL',
    'nl-NL',
    'netherlands',
    ASESOR,
    [],
    [
      ['CBS', 'estadistica', 'cbs.nl'],
      ['Belastingdienst', 'fiscal', 'belastingdienst.nl'],
      ['KVK', 'registro', 'kvk.nl'],
      ['RVO', 'ayudas', 'rvo.nl'],
    ],
  ],
  Bélgica: [
    'BE',
    'fr-BE',
    'belgium',
    ASESOR,
    [],
    [
      ['Statbel', 'estadistica', 'statbel.fgov.be'],
      ['SPF Finances', 'fiscal', 'finances.belgium.be'],
      ['SPF Economie (BCE)', 'registro', 'economie.fgov.be'],
    ],
  ],
  Irlanda: [
    'IE',
    'en-IE',
    'ireland',
    ASESOR,
    [],
    [
      ['CSO', 'estadistica', 'cso.ie'],
      ['Revenue', 'fiscal', 'revenue.ie'],
      ['CRO', 'registro', 'cro.ie'],
      ['Enterprise Ireland', 'ayudas', 'enterprise-ireland.com'],
      ['Local Enterprise Office', 'ayudas', 'localenterprise.ie'],
    ],
  ],
  'Reino Unido': [
    'GB',
    'en-GB',
    'united kingdom',
    ASESOR,
    [],
    [
      ['ONS', 'estadistica', 'ons.gov.uk'],
      ['HMRC y Companies House', 'fiscal', 'gov.uk'],
      ['British Business Bank', 'ayudas', 'british-business-bank.co.uk'],
    ],
  ],
  Luxemburgo: [
    'LU',
    'fr-LU',
    'luxembourg',
    ASESOR,
    [],
    [
      ['STATEC', 'estadistica', 'statistiques.public.lu'],
      ['Guichet.lu', 'registro', 'guichet.public.lu'],
      ['Administration des contributions directes', 'fiscal', 'impotsdirects.public.lu'],
      ['Luxinnovation', 'ayudas', 'luxinnovation.lu'],
    ],
  ],
  Mónaco: [
    'MC',
    'fr-MC',
    'monaco',
    ASESOR,
    [],
    [
      ['IMSEE', 'estadistica', 'monacostatistics.mc'],
      ['Gouvernement Princier', 'registro', 'gouv.mc'],
    ],
  ],
  Liechtenstein: [
    'LI',
    'de-LI',
    'liechtenstein',
    ASESOR,
    [],
    [
      ['Amt für Statistik y Steuerverwaltung', 'fiscal', 'llv.li'],
      ['Gesetzessammlung', 'boletin', 'gesetze.li'],
    ],
  ],
  Alemania: [
    'DE',
    'de-DE',
    'germany',
    ASESOR,
    [],
    [
      ['Destatis', 'estadistica', 'destatis.de'],
      ['Bundesanzeiger', 'boletin', 'bundesanzeiger.de'],
      ['Bundesministerium der Finanzen', 'fiscal', 'bundesfinanzministerium.de'],
      ['Existenzgründungsportal', 'registro', 'existenzgruendungsportal.de'],
      ['KfW', 'ayudas', 'kfw.de'],
    ],
  ],
  Italia: [
    'IT',
    'it-IT',
    'italy',
    ASESOR,
    [],
    [
      ['ISTAT', 'estadistica', 'istat.it'],
      ['Gazzetta Ufficiale', 'boletin', 'gazzettaufficiale.it'],
      ['Agenzia delle Entrate', 'fiscal', 'agenziaentrate.gov.it'],
      ['Registro Imprese', 'registro', 'registroimprese.it'],
      ['Invitalia', 'ayudas', 'invitalia.it'],
    ],
  ],
  Austria: [
    'AT',
    'de-AT',
    'austria',
    ASESOR,
    [],
    [
      ['Statistik Austria', 'estadistica', 'statistik.at'],
      ['BMF', 'fiscal', 'bmf.gv.at'],
      ['WKO', 'camara', 'wko.at'],
      ['aws', 'ayudas', 'aws.at'],
    ],
  ],
  Suiza: [
    'CH',
    'de-CH',
    'switzerland',
    ASESOR,
    [],
    [
      ['Oficina Federal de Estadística', 'estadistica', 'bfs.admin.ch'],
      ['Fedlex', 'boletin', 'fedlex.admin.ch'],
      ['AFC / ESTV', 'fiscal', 'estv.admin.ch'],
      ['EasyGov', 'registro', 'easygov.swiss'],
    ],
  ],
  Islandia: [
    'IS',
    'is-IS',
    'iceland',
    ASESOR,
    [],
    [
      ['Hagstofa Íslands', 'estadistica', 'statice.is'],
      ['Skatturinn', 'fiscal', 'skatturinn.is'],
      ['Ísland.is', 'registro', 'island.is'],
    ],
  ],
  Noruega: [
    'NO',
    'nb-NO',
    'norway',
    ASESOR,
    [],
    [
      ['SSB', 'estadistica', 'ssb.no'],
      ['Skatteetaten', 'fiscal', 'skatteetaten.no'],
      ['Brønnøysundregistrene', 'registro', 'brreg.no'],
      ['Innovasjon Norge', 'ayudas', 'innovasjonnorge.no'],
    ],
  ],
  Suecia: [
    'SE',
    'sv-SE',
    'sweden',
    ASESOR,
    [],
    [
      ['SCB', 'estadistica', 'scb.se'],
      ['Skatteverket', 'fiscal', 'skatteverket.se'],
      ['Bolagsverket', 'registro', 'bolagsverket.se'],
      ['Almi', 'ayudas', 'almi.se'],
    ],
  ],
  Finlandia: [
    'FI',
    'fi-FI',
    'finland',
    ASESOR,
    [],
    [
      ['Tilastokeskus', 'estadistica', 'stat.fi'],
      ['Vero', 'fiscal', 'vero.fi'],
      ['PRH', 'registro', 'prh.fi'],
      ['Business Finland', 'ayudas', 'businessfinland.fi'],
    ],
  ],
  'República Checa': [
    'CZ',
    'cs-CZ',
    'czech republic',
    ASESOR,
    [],
    [
      ['ČSÚ', 'estadistica', 'czso.cz'],
      ['Finanční správa', 'fiscal', 'financnisprava.cz'],
      ['Ministerio de Industria y Comercio', 'ministerio', 'mpo.gov.cz'],
      ['CzechInvest', 'ayudas', 'czechinvest.org'],
    ],
  ],
  Polonia: [
    'PL',
    'pl-PL',
    'poland',
    ASESOR,
    [],
    [
      ['GUS', 'estadistica', 'stat.gov.pl'],
      ['Biznes.gov.pl', 'registro', 'biznes.gov.pl'],
      ['Krajowa Administracja Skarbowa', 'fiscal', 'podatki.gov.pl'],
      ['PARP', 'ayudas', 'parp.gov.pl'],
    ],
  ],
  Grecia: [
    'GR',
    'el-GR',
    'greece',
    ASESOR,
    [],
    [
      ['ELSTAT', 'estadistica', 'statistics.gr'],
      ['AADE', 'fiscal', 'aade.gr'],
      ['GEMI', 'registro', 'businessportal.gr'],
    ],
  ],
  Australia: [
    'AU',
    'en-AU',
    'australia',
    ASESOR,
    [],
    [
      ['ABS', 'estadistica', 'abs.gov.au'],
      ['ATO', 'fiscal', 'ato.gov.au'],
      ['ASIC', 'registro', 'asic.gov.au'],
      ['business.gov.au', 'ayudas', 'business.gov.au'],
    ],
  ],
  'Nueva Zelanda': [
    'NZ',
    'en-NZ',
    'new zealand',
    ASESOR,
    [],
    [
      ['Stats NZ', 'estadistica', 'stats.govt.nz'],
      ['Inland Revenue', 'fiscal', 'ird.govt.nz'],
      ['Companies Office', 'registro', 'companies.govt.nz'],
      ['business.govt.nz', 'ayudas', 'business.govt.nz'],
    ],
  ],
  Eslovaquia: [
    'SK',
    'sk-SK',
    'slovakia',
    ASESOR,
    [],
    [
      ['Štatistický úrad', 'estadistica', 'statistics.sk'],
      ['Finančná správa', 'fiscal', 'financnasprava.sk'],
      ['Slov-Lex', 'boletin', 'slov-lex.sk'],
      ['Slovak Business Agency', 'ayudas', 'sbagency.sk'],
    ],
  ],
  Hungría: [
    'HU',
    'hu-HU',
    'hungary',
    ASESOR,
    [],
    [
      ['KSH', 'estadistica', 'ksh.hu'],
      ['NAV', 'fiscal', 'nav.gov.hu'],
      ['Magyar Közlöny', 'boletin', 'magyarkozlony.hu'],
    ],
  ],
  Rumania: [
    'RO',
    'ro-RO',
    'romania',
    ASESOR,
    [],
    [
      ['INS', 'estadistica', 'insse.ro'],
      ['ANAF', 'fiscal', 'anaf.ro'],
      ['ONRC', 'registro', 'onrc.ro'],
    ],
  ],
  Bulgaria: [
    'BG',
    'bg-BG',
    'bulgaria',
    ASESOR,
    [],
    [
      ['NSI', 'estadistica', 'nsi.bg'],
      ['NAP', 'fiscal', 'nap.bg'],
      ['Registry Agency', 'registro', 'registryagency.bg'],
    ],
  ],
  Estonia: [
    'EE',
    'et-EE',
    'estonia',
    ASESOR,
    [],
    [
      ['Statistikaamet', 'estadistica', 'stat.ee'],
      ['EMTA', 'fiscal', 'emta.ee'],
      ['Riigi Teataja', 'boletin', 'riigiteataja.ee'],
      ['Registrite ja Infosüsteemide Keskus', 'registro', 'rik.ee'],
      ['EIS', 'ayudas', 'eis.ee'],
    ],
  ],
  Letonia: [
    'LV',
    'lv-LV',
    'latvia',
    ASESOR,
    [],
    [
      ['CSP', 'estadistica', 'stat.gov.lv'],
      ['VID', 'fiscal', 'vid.gov.lv'],
      ['Uzņēmumu reģistrs', 'registro', 'ur.gov.lv'],
      ['LIAA', 'ayudas', 'liaa.gov.lv'],
    ],
  ],
  Lituania: [
    'LT',
    'lt-LT',
    'lithuania',
    ASESOR,
    [],
    [
      ['Valstybės duomenų agentūra', 'estadistica', 'stat.gov.lt'],
      ['VMI', 'fiscal', 'vmi.lt'],
      ['Registrų centras', 'registro', 'registrucentras.lt'],
      ['Invega', 'ayudas', 'invega.lt'],
    ],
  ],
  'Emiratos Árabes Unidos': [
    'AE',
    'ar-AE',
    'united arab emirates',
    ASESOR,
    [],
    [
      ['FCSC', 'estadistica', 'fcsc.gov.ae'],
      ['Federal Tax Authority', 'fiscal', 'tax.gov.ae'],
      ['Ministry of Economy', 'ministerio', 'moec.gov.ae'],
      ['u.ae', 'registro', 'u.ae'],
    ],
  ],
  Canadá: [
    'CA',
    'en-CA',
    'canada',
    ASESOR,
    [],
    [
      ['Statistics Canada', 'estadistica', 'statcan.gc.ca'],
      ['Canada Gazette', 'boletin', 'gazette.gc.ca'],
      ['Canada Revenue Agency', 'fiscal', 'canada.ca'],
      ['BDC', 'ayudas', 'bdc.ca'],
    ],
  ],
  'Estados Unidos': [
    'US',
    'en-US',
    'united states',
    ASESOR,
    [
      'Registro de la LLC o corporación en la Secretaría de Estado de tu estado.',
      'EIN ante el IRS y registro de impuestos estatales (ventas, nómina).',
      'Licencias de negocio de tu ciudad o condado.',
    ],
    [
      ['Census Bureau', 'estadistica', 'census.gov'],
      ['BLS', 'estadistica', 'bls.gov'],
      ['Federal Register', 'boletin', 'federalregister.gov'],
      ['IRS', 'fiscal', 'irs.gov'],
      ['SBA', 'ayudas', 'sba.gov'],
    ],
  ],
  Turquía: [
    'TR',
    'tr-TR',
    'turkey',
    ASESOR,
    [],
    [
      ['TÜİK', 'estadistica', 'tuik.gov.tr'],
      ['Resmî Gazete', 'boletin', 'resmigazete.gov.tr'],
      ['GİB', 'fiscal', 'gib.gov.tr'],
      ['Ministerio de Comercio', 'ministerio', 'ticaret.gov.tr'],
      ['KOSGEB', 'ayudas', 'kosgeb.gov.tr'],
    ],
  ],
};

/**
 * The countries a business may be in: the spec's list (product.md §3 'Business') with the
 * Spanish-speaking countries it left out placed after the others that speak Spanish (ADR 0051), and
 * 'Otro' last.
 */
export const COUNTRIES = [
  'España',
  'México',
  'Colombia',
  'Argentina',
  'Chile',
  'Perú',
  'Venezuela',
  'Ecuador',
  'Bolivia',
  'Paraguay',
  'Uruguay',
  'Costa Rica',
  'Panamá',
  'Guatemala',
  'Honduras',
  'El Salvador',
  'Nicaragua',
  'Cuba',
  'República Dominicana',
  'Puerto Rico',
  'Guinea Ecuatorial',
  'Brasil',
  'Portugal',
  'Francia',
  'Países Bajos',
  'Bélgica',
  'Irlanda',
  'Reino Unido',
  'Luxemburgo',
  'Mónaco',
  'Liechtenstein',
  'Alemania',
  'Italia',
  'Austria',
  'Suiza',
  'Islandia',
  'Noruega',
  'Suecia',
  'Finlandia',
  'República Checa',
  'Polonia',
  'Grecia',
  'Australia',
  'Nueva Zelanda',
  'Eslovaquia',
  'Hungría',
  'Rumania',
  'Bulgaria',
  'Estonia',
  'Letonia',
  'Lituania',
  'Emiratos Árabes Unidos',
  'Canadá',
  'Estados Unidos',
  'Turquía',
  'Otro',
] as const;
export type Country = (typeof COUNTRIES)[number];

const OTHER: CountryProfile = {
  code: null,
  language: 'es',
  spanish: false,
  brave: 'ALL',
  tavily: null,
  advice: ASESOR,
  procedures: [
    'Registro de la empresa o de la actividad ante la autoridad tributaria del país.',
    'Licencias municipales o sectoriales que exija tu actividad.',
    'Obligaciones de seguridad social si vas a contratar.',
  ],
  sources: [],
};

const SPANISH_SPEAKING = new Set(COUNTRIES.slice(0, COUNTRIES.indexOf('Brasil')));

export const COUNTRY_PROFILES: Readonly<Record<string, CountryProfile>> = {
  ...Object.fromEntries(
    Object.entries(ROWS).map(([country, [code, language, tavily, advice, procedures, sources]]) => [
      country,
      {
        code,
        language,
        spanish: SPANISH_SPEAKING.has(country as Country),
        brave: BRAVE_COUNTRIES.has(code) ? code : 'ALL',
        tavily,
        advice,
        procedures: procedures.length > 0 ? procedures : genericProcedures(sources),
        sources: sources.map(([name, kind, domain]) => ({ name, kind, domain })),
      } satisfies CountryProfile,
    ]),
  ),
  Otro: OTHER,
};

/** What research knows of a business's country ('Otro' and unknown names get the generic profile). */
export function countryProfile(country: string): CountryProfile {
  return COUNTRY_PROFILES[country] ?? OTHER;
}

/**
 * Official sources per country (statistics institute, official gazette, a ministry or chamber, the tax
 * agency, the registry, public funding): research ranks pages on these domains first and names them in
 * follow-up searches, and the advisor may link them.
 */
export const OFFICIAL_SOURCES: Readonly<Record<string, readonly OfficialSource[]>> = Object.fromEntries(
  Object.entries(COUNTRY_PROFILES).map(([country, profile]) => [country, profile.sources]),
);

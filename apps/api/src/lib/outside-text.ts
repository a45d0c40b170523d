/**
 * Text from outside (a web page, a model's answer) is data everywhere (docs/decisions/0038): it can't
 * close a prompt's data block, it becomes no link unless the address is one the caller allows (a
 * report's stored source), and sentences that give orders to the model or the reader are removed. Used
 * by the research check on every claim and by the chat on the advisor's answers.
 */

/** Addresses a text may keep: whole URLs (normalised) and hosts, and hosts a rule admits. */
export interface AllowedAddresses {
  urls: ReadonlySet<string>;
  hosts: ReadonlySet<string>;
  admits?: (host: string) => boolean;
}

export const NO_ADDRESSES: AllowedAddresses = { urls: new Set(), hosts: new Set() };

export interface Neutralised {
  text: string;
  /** Sentences removed because they gave orders (ignore instructions, passwords, go to an address…). */
  instructions: number;
  /** Links, addresses and bare domains removed because they are not allowed. */
  links: number;
}

// Top-level domains a bare address is recognised by: the generic ones and those of the countries the
// product serves. Anything else with a dot ('S.L.', '2,60', 'p. ej.') is prose.
const TLDS =
  'com|net|org|info|biz|io|co|app|dev|xyz|online|site|top|shop|store|tech|ai|me|tv|ly|eu|es|mx|ar|cl|pe|ve|uy|py|bo|ec|cr|pa|do|gt|hn|sv|ni|cu|pr|br|pt|fr|de|it|uk|us|nl|be|ie|ch|at|gob|gov|edu';
const SCHEME_URL = /\b(?:https?|ftp):\/\/[^\s<>"'`)\]]*[^\s<>"'`)\].,;:!?]/gi;
const PROTOCOL_RELATIVE =
  /(?<![\w:/])\/\/[a-z0-9-]+(?:\.[a-z0-9-]+)+(?:\/[^\s<>"'`)\]]*[^\s<>"'`)\].,;:!?])?/gi;
const BARE_DOMAIN = new RegExp(
  `(?<![\\w@./-])(?:www\\.)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+(?:${TLDS})(?![\\w-])(?::\\d{2,5})?(?:\\/[^\\s<>"'\`)\\]]*[^\\s<>"'\`)\\].,;:!?])?`,
  'gi',
);
/** `www.` says it is an address, whatever its top-level domain. */
const WWW_DOMAIN =
  /(?<![\w@./-])www\.(?:[a-z0-9-]+\.)+[a-z]{2,}(?![\w-])(?:\/[^\s<>"'`)\]]*[^\s<>"'`)\].,;:!?])?/gi;
const EMAIL = /[\w.+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+/gi;
const MARKDOWN_LINK = /!?\[([^\]\n]{0,300})\]\(\s*<?([^\s)>]*)>?(?:\s+"[^"]*")?\s*\)/g;
/** Anything shaped like an HTML or prompt tag: `<fuente>`, `</investigacion_de_mercado>`, `<img src=…>`. */
const TAG = /<\s*\/?\s*[a-z_!?][^<>]{0,300}>/gi;

/** Orders addressed to a model or to the reader, in Spanish or English (accents removed, lower case). */
const ORDERS = [
  /\b(ignor[a-z]*|olvid[a-z]*|omit[a-z]*|desobedec[a-z]*|disregard|forget)\b.{0,60}\b(instruccion|instruction|orden|regla|rule|indicacion|anterior|previous|prior|above)/,
  /\b(contrasena|password|passcode|clave de acceso|credenciales|credentials|codigo de verificacion|datos bancarios|numero de tarjeta)\b/,
  /\b(system prompt|prompt del sistema|mensaje del sistema|eres ahora|ahora eres|you are now|act as|actua como|jailbreak|modo desarrollador|developer mode)\b/,
  /\b(responde|contesta|escribe|di)\s+(solo|unicamente|solamente)\b/,
  /\b(respond|answer|reply|say)\s+only\b/,
  /\b(nuevas? instrucciones|instrucciones nuevas|new instructions|a partir de ahora (responde|di|escribe)|from now on)\b/,
  /\b(responde|contesta|answer|respond)\s+(siempre|always)\b/,
];
/** An order to go somewhere: only an order when the sentence also holds an address that is not allowed. */
const GO_TO =
  /\b(visita|visite|visitad|descarga|descargue|escribe|escriba|introduce|introduzca|envia|envie|entra|entre en|accede|acceda|haz clic|haga clic|pulsa|pulse|registrate|registrese|llama|llame|click|download|visit|go to|enter|sign in)\b/;

const plain = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '');

/** The address's host, lower case, without `www.` and port; null when it is not an address. */
export function hostOf(address: string): string | null {
  const withScheme = /^[a-z]+:\/\//i.test(address)
    ? address
    : address.startsWith('//')
      ? `https:${address}`
      : `https://${address}`;
  try {
    return new URL(withScheme).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return null;
  }
}

/**
 * A URL without what does not change the page: the fragment, tracking parameters (utm_*, gclid, fbclid…),
 * a trailing slash, default ports, `www.` kept as given. One page read under two such addresses is one source.
 */
export function normaliseUrl(address: string): string {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return address;
  }
  url.hash = '';
  url.hostname = url.hostname.toLowerCase();
  for (const key of [...url.searchParams.keys()]) {
    if (/^(utm_\w+|gclid|fbclid|msclkid|mc_[a-z]+|ref|ref_src|dup|_ga|igshid|yclid|spm)$/i.test(key)) {
      url.searchParams.delete(key);
    }
  }
  url.searchParams.sort();
  if (url.pathname.length > 1) url.pathname = url.pathname.replace(/\/+$/, '');
  return url.href.replace(/\?$/, '');
}

function allowed(address: string, allow: AllowedAddresses): boolean {
  if (/^[a-z]+:\/\//i.test(address) && allow.urls.has(normaliseUrl(address))) return true;
  const host = hostOf(address);
  return host !== null && (allow.hosts.has(host) || allow.admits?.(host) === true);
}

/** Every address in a text: URLs with a scheme, `//host` ones, bare domains and e-mail addresses. */
export function addressesIn(text: string): string[] {
  const found: string[] = [];
  let rest = text.replace(EMAIL, (email) => {
    found.push(email);
    return ' ';
  });
  for (const pattern of [SCHEME_URL, PROTOCOL_RELATIVE, WWW_DOMAIN, BARE_DOMAIN]) {
    rest = rest.replace(pattern, (address) => {
      found.push(address);
      return ' ';
    });
  }
  return found;
}

/** Whether a sentence gives orders (to a model, or to the reader to go to an address not allowed). */
export function givesOrders(sentence: string, allow: AllowedAddresses = NO_ADDRESSES): boolean {
  const lower = plain(sentence);
  if (ORDERS.some((order) => order.test(lower))) return true;
  if (!GO_TO.test(lower)) return false;
  return addressesIn(sentence).some((address) => address.includes('@') || !allowed(address, allow));
}

/** Removes the addresses a text may not keep; markdown links keep their words. */
export function removeAddresses(text: string, allow: AllowedAddresses): { text: string; links: number } {
  let links = 0;
  let out = text.replace(MARKDOWN_LINK, (whole, words: string, target: string) => {
    if (!whole.startsWith('!') && allowed(target, allow)) return whole;
    links += 1;
    return words;
  });
  out = out.replace(EMAIL, () => {
    links += 1;
    return '';
  });
  // Links the text may keep are set aside so that the patterns below do not cut them.
  const kept: string[] = [];
  const keep = (address: string) => {
    kept.push(address);
    return `\u2063${kept.length - 1}\u2063`;
  };
  out = out.replace(/\]\(([^)\s]+)\)/g, (_w, target: string) => `](${keep(target)})`);
  for (const pattern of [SCHEME_URL, PROTOCOL_RELATIVE, WWW_DOMAIN, BARE_DOMAIN]) {
    out = out.replace(pattern, (address) => {
      if (allowed(address, allow)) return keep(address);
      links += 1;
      return '';
    });
  }
  out = out.replace(/\u2063(\d+)\u2063/g, (_w, n: string) => kept[Number(n)] ?? '');
  return { text: out, links };
}

/** Tidies what removals leave: doubled spaces, a space before punctuation, empty brackets. */
export function tidy(text: string): string {
  return text
    .replace(/\(\s*\)|\[\s*\]|«\s*»/g, '')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/ +([.,;:!?)])/g, '$1')
    .replace(/([(¿¡]) +/g, '$1')
    .replace(/ *\n */g, '\n')
    .replace(/([.,;:])\1+/g, '$1')
    .trim();
}

/**
 * A text from outside made safe to store, show and give to a model: tag-like text removed, sentences
 * that give orders removed (counted), addresses that are not allowed removed (counted).
 */
export function neutralise(text: string, allow: AllowedAddresses = NO_ADDRESSES): Neutralised {
  let instructions = 0;
  // Sentences and the spaces between them, alternately (a sentence ends at . ! ? … or a line).
  const parts = text.replace(TAG, ' ').split(/((?<=[.!?…])\s+|\n)/);
  let kept = '';
  for (let i = 0; i < parts.length; i += 2) {
    const sentence = parts[i] ?? '';
    if (givesOrders(sentence, allow)) instructions += 1;
    else kept += sentence + (parts[i + 1] ?? '');
  }
  const { text: withoutLinks, links } = removeAddresses(kept, allow);
  return { text: tidy(withoutLinks), instructions, links };
}

/**
 * Text placed inside a prompt's data block: `<` and `>` become look-alike angle quotes, so nothing in it
 * can open or close a block (`</investigacion_de_mercado>` reads as ‹/investigacion_de_mercado›).
 */
export function asPromptData(text: string): string {
  return text.replace(/</g, '‹').replace(/>/g, '›');
}

import path from 'node:path';

/**
 * The house rules of docs/architecture.md that the linter cannot say by itself. Each rule looks at one
 * file (its path from the repository root, with `/`) and the facts of source-facts.mjs, and names
 * what breaks it. Test files are held to the import rules too (a test that imports another feature
 * ties the two features as much as the code does), but may write credit rows to set up a scenario.
 */

/**
 * @typedef {import('./source-facts.mjs').SourceFacts} SourceFacts
 * @typedef {{ file: string, line: number, rule: string, message: string }} Violation
 */

const WEB_SRC = 'apps/web/src/';
const FEATURES = `${WEB_SRC}features/`;
const API_SRC = 'apps/api/src/';
const TEST_FILE = /\.test\.tsx?$/;

/** Where a relative specifier of `file` points, from the repository root; undefined for a package. */
export function resolveFrom(file, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  return path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
}

/** `chat` for anything under apps/web/src/features/chat/, else undefined. */
export function featureOf(target) {
  if (!target?.startsWith(FEATURES)) return undefined;
  const [feature, ...rest] = target.slice(FEATURES.length).split('/');
  return rest.length > 0 ? feature : undefined;
}

const isPackage = (specifier, name) => specifier === name || specifier.startsWith(`${name}/`);
const isModelSdk = (specifier) => isPackage(specifier, 'ai') || specifier.startsWith('@ai-sdk/');

/** @returns {Violation[]} */
function featuresAreIndependent(file, facts) {
  const own = featureOf(file);
  if (!own) return [];
  return facts.imports.flatMap(({ specifier, line }) => {
    const target = resolveFrom(file, specifier);
    const other = featureOf(target);
    if (!other || other === own) return [];
    return [
      {
        file,
        line,
        rule: 'web/features-are-independent',
        message:
          `the feature "${own}" imports ${target} of the feature "${other}". Features do not import each ` +
          'other: move the shared piece to src/components or src/lib, or compose both in a route (src/app).',
      },
    ];
  });
}

/** @returns {Violation[]} */
function sharedCodeStaysBelowFeatures(file, facts) {
  const shared = ['components/', 'lib/'].some((folder) => file.startsWith(`${WEB_SRC}${folder}`));
  if (!shared) return [];
  return facts.imports.flatMap(({ specifier, line }) => {
    const target = resolveFrom(file, specifier);
    const feature = featureOf(target);
    if (!feature) return [];
    return [
      {
        file,
        line,
        rule: 'web/shared-code-does-not-import-features',
        message:
          `shared code imports ${target} of the feature "${feature}". src/components and src/lib are used ` +
          'by the features, not the other way round: move that piece down, or compose it in a route.',
      },
    ];
  });
}

/**
 * src/app composes the features (routes, the router, the guards); nothing below it imports it back, not
 * even a test: a route's test sits in src/app beside the route.
 * @returns {Violation[]}
 */
function appStaysOnTop(file, facts) {
  const below = ['features/', 'components/', 'lib/'].some((folder) => file.startsWith(`${WEB_SRC}${folder}`));
  if (!below) return [];
  return facts.imports.flatMap(({ specifier, line }) => {
    const target = resolveFrom(file, specifier);
    if (!target?.startsWith(`${WEB_SRC}app/`)) return [];
    return [
      {
        file,
        line,
        rule: 'web/app-is-not-imported-below',
        message:
          `imports ${target} of src/app. src/app composes the features and shared code, not the other way ` +
          'round: move the piece down to the feature, src/components or src/lib, or the test up to src/app.',
      },
    ];
  });
}

const TEST_TOOLS = ['vitest', '@testing-library/'];

/**
 * What ships never reaches test support: src/test (stubs, test kits) and the test tools are imported
 * by tests and by src/test itself only, so a folder listing tells what ships.
 * @returns {Violation[]}
 */
function testSupportStaysInTests(file, facts) {
  if (!file.startsWith(WEB_SRC) || TEST_FILE.test(file) || file.startsWith(`${WEB_SRC}test/`)) return [];
  return facts.imports.flatMap(({ specifier, line }) => {
    const target = resolveFrom(file, specifier);
    const isTool = TEST_TOOLS.some((tool) => specifier === tool || specifier.startsWith(tool));
    if (!isTool && !target?.startsWith(`${WEB_SRC}test/`)) return [];
    return [
      {
        file,
        line,
        rule: 'web/test-support-stays-in-tests',
        message: `imports ${target ?? specifier}, which is test support. Only tests and src/test use it.`,
      },
    ];
  });
}

/** @returns {Violation[]} */
function onlyCreditsWritesCredits(file, facts) {
  if (!file.startsWith(API_SRC) || TEST_FILE.test(file)) return [];
  if (file.startsWith(`${API_SRC}modules/credits/`) || file.startsWith(`${API_SRC}test/`)) return [];
  return facts.creditWrites.map(({ line, what }) => ({
    file,
    line,
    rule: 'api/only-credits-writes-credit-rows',
    message:
      `writes credit rows (${what}). Only modules/credits changes balances and the ledger (its functions ` +
      'keep them adding up and idempotent): call one of them instead. Reading them elsewhere is fine.',
  }));
}

/**
 * What each API module offers the others (docs/architecture.md §2): the ledger, the stored files and
 * their readers, the business as the wire shows it, the mailer and its letters, the session check, a
 * user's row, the notices, the plan change's research and the subscription's cancellation. Anything
 * else of a module is its own; what two modules both need goes to src/db, src/lib or src/ai.
 */
export const API_ENTRY_POINTS = {
  auth: ['auth.ts'],
  billing: ['cancel-subscription.ts'],
  businesses: ['business-wire.ts'],
  credits: ['credits.ts'],
  files: ['storage.ts', 'images.ts', 'extract/extractor.ts', 'extract/limits.ts'],
  mail: [
    'mailer.ts',
    'unsubscribe.ts',
    'reset-password.es.ts',
    'operator-verification.es.ts',
    'notification-mails.es.ts',
    'research-mails.es.ts',
  ],
  notifications: ['notification-store.ts', 'preferences.ts', 'research-notice.ts'],
  research: ['plan-change.ts'],
  users: ['find-user.ts'],
};

const API_MODULES = `${API_SRC}modules/`;

/** `chats` and `send/send-message.ts` for apps/api/src/modules/chats/send/send-message.ts, else undefined. */
function apiModuleOf(target) {
  if (!target?.startsWith(API_MODULES)) return undefined;
  const [module, ...rest] = target.slice(API_MODULES.length).split('/');
  return rest.length > 0 ? { module, inside: rest.join('/') } : undefined;
}

/**
 * A module's code importing another module's file that is not one of its entry points. Tests may reach
 * further to set up a scenario (a test of the chat may read the credits' rows), as they may write credits.
 * @returns {Violation[]}
 */
function apiModulesMeetAtEntryPoints(file, facts) {
  const own = apiModuleOf(file);
  if (!own || TEST_FILE.test(file)) return [];
  return facts.imports.flatMap(({ specifier, line }) => {
    const target = resolveFrom(file, specifier);
    const other = apiModuleOf(target);
    if (!other || other.module === own.module) return [];
    if (API_ENTRY_POINTS[other.module]?.includes(other.inside)) return [];
    return [
      {
        file,
        line,
        rule: 'api/modules-meet-at-entry-points',
        message:
          `the module "${own.module}" imports ${target}, which the module "${other.module}" keeps to itself. ` +
          'Move what both need to src/db, src/lib or src/ai, or compose the two in a route; a new entry ' +
          'point goes in API_ENTRY_POINTS (scripts/architecture/rules.mjs) with docs/architecture.md.',
      },
    ];
  });
}

/**
 * An SDK import outside its owner, unless it is type-only: a type compiles away and cannot talk to
 * the service, so e.g. the chat may describe the model's messages with `@ai-sdk/provider`'s types.
 * @returns {Violation[]}
 */
function sdkImports(file, facts, { rule, isSdk, owners, owner }) {
  if (!file.startsWith(API_SRC) || owners.some((folder) => file.startsWith(`${API_SRC}${folder}`))) return [];
  return facts.imports
    .filter(({ specifier, typeOnly }) => !typeOnly && isSdk(specifier))
    .map(({ specifier, line }) => ({
      file,
      line,
      rule,
      message: `imports '${specifier}'. ${owner} (type-only imports are allowed).`,
    }));
}

/**
 * Spanish a user reads: an accented letter, '¿' or '¡', or a phrase with one of Spanish's commonest
 * short words ('de la', 'en tu…'); English identifiers, class names and URLs have neither.
 */
export const SPANISH_TEXT =
  /[áéíóúüñÁÉÍÓÚÜÑ¿¡]|(^|\s)(de|del|el|la|los|las|que|en|un|una|con|para|por|tu|tus|su|sus|al)\s\S/i;
const SPANISH_MODULE = /\.es\.tsx?$/;

/**
 * The web's Spanish lives in `*.es.ts` modules (the copy in src/config/copy.es.ts and src/config/copy/,
 * and lists such as a feature's suggested questions), so the text a user reads is found, reviewed and
 * changed apart from the code; tests and test support may spell what they expect to see.
 * @returns {Violation[]}
 */
function webSpanishLivesInCopy(file, facts) {
  if (!file.startsWith(WEB_SRC) || TEST_FILE.test(file) || file.startsWith(`${WEB_SRC}test/`)) return [];
  if (SPANISH_MODULE.test(file)) return [];
  return facts.texts
    .filter(({ text }) => SPANISH_TEXT.test(text))
    .map(({ line, text }) => ({
      file,
      line,
      rule: 'web/spanish-lives-in-copy',
      message: `holds the Spanish text "${text.slice(0, 60)}". Move it to src/config/copy/ (or another *.es.ts module) and import it from there.`,
    }));
}

/** @type {Array<{ id: string, check: (file: string, facts: SourceFacts) => Violation[] }>} */
export const RULES = [
  { id: 'web/features-are-independent', check: featuresAreIndependent },
  { id: 'web/shared-code-does-not-import-features', check: sharedCodeStaysBelowFeatures },
  { id: 'web/app-is-not-imported-below', check: appStaysOnTop },
  { id: 'web/spanish-lives-in-copy', check: webSpanishLivesInCopy },
  { id: 'web/test-support-stays-in-tests', check: testSupportStaysInTests },
  { id: 'api/only-credits-writes-credit-rows', check: onlyCreditsWritesCredits },
  { id: 'api/modules-meet-at-entry-points', check: apiModulesMeetAtEntryPoints },
  {
    id: 'api/only-billing-imports-stripe',
    check: (file, facts) =>
      sdkImports(file, facts, {
        rule: 'api/only-billing-imports-stripe',
        isSdk: (specifier) => isPackage(specifier, 'stripe'),
        owners: ['modules/billing/', 'test/'],
        owner: 'Only modules/billing talks to Stripe: call its functions instead',
      }),
  },
  {
    id: 'api/only-ai-imports-model-sdks',
    check: (file, facts) =>
      sdkImports(file, facts, {
        rule: 'api/only-ai-imports-model-sdks',
        isSdk: isModelSdk,
        owners: ['ai/'],
        owner: 'Only src/ai calls models: add what you need to src/ai and import it from there',
      }),
  },
];

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkArchitecture, formatViolation } from './check.mjs';

// The house rules that `npm run lint` checks after Biome (scripts/check-architecture.mjs), run over a
// small tree of files written to a temporary folder (so that they never reach the real lint), and
// over the real tree.

const CREDITS_SCHEMA = `import { integer, pgTable, text } from 'drizzle-orm/pg-core';
export const CREDIT_KINDS = ['grant', 'debit'] as const;
export const creditLedger = pgTable('credit_ledger', { delta: integer('delta'), kind: text('kind') });
export const creditBalances = pgTable('credit_balances', { balance: integer('balance') });
`;

/** Path → text; the line of each offending statement is what the assertions below name. */
const FIXTURES = {
  'apps/api/src/db/schema/credits.ts': CREDITS_SCHEMA,
  'apps/api/src/db/schema/index.ts': "export * from './credits.ts';\n",

  // A feature that imports two others, at two depths, and its own files and shared code (fine).
  'apps/web/src/features/chat/components/header.tsx': [
    "import { BusinessCard } from '../../businesses/components/business-card.tsx';",
    "import { Button } from '../../../components/button.tsx';",
    "import { useThing } from '../hooks/use-thing.ts';",
    "export { CreditsCounter } from '../../credits/credits-counter.tsx';",
    'export const Header = () => [BusinessCard, Button, useThing];',
  ].join('\n'),
  'apps/web/src/features/chat/chat.test.tsx': "vi.mock('../auth/session.ts');\n",
  // A route composes features; the features' files import their own.
  'apps/web/src/app/routes/chat.tsx': [
    "import { Header } from '../../features/chat/components/header.tsx';",
    "import { BusinessCard } from '../../features/businesses/components/business-card.tsx';",
    'export const Component = () => [Header, BusinessCard];',
  ].join('\n'),
  'apps/web/src/features/businesses/components/business-card.tsx':
    "import { logo } from '../api/logo.ts';\nexport const BusinessCard = logo;\n",
  'apps/web/src/lib/format.ts':
    "import type { Plan } from '../features/billing/plans.ts';\nexport type P = Plan;\n",
  // src/app on top: a feature's test importing a route is refused, a route's test in src/app is not.
  'apps/web/src/features/chat/pdf.test.tsx': "import { Component } from '../../app/routes/pdf.tsx';\n",
  'apps/web/src/app/pdf.test.tsx': "import { Component } from './routes/pdf.tsx';\n",
  // Test support used by what ships (refused), and by tests and src/test (fine).
  'apps/web/src/features/chat/stubbed.tsx':
    "import { stubFetch } from '../../test/fetch-stub.ts';\nimport { vi } from 'vitest';\nexport const s = [stubFetch, vi];\n",
  'apps/web/src/test/fetch-stub.ts': "import { vi } from 'vitest';\nexport const stubFetch = vi.fn();\n",

  // Credit rows written outside modules/credits, with drizzle and in raw SQL.
  'apps/api/src/modules/chats/spend.ts': [
    "import { sql } from 'drizzle-orm';",
    "import { creditLedger as ledger, messages } from '../../db/schema/index.ts';",
    "import * as schema from '../../db/schema/credits.ts';",
    'export async function spend(db, userId) {',
    "  await db.insert(ledger).values({ delta: -1, kind: 'debit' });",
    '  await db.update(schema.creditBalances).set({ balance: 0 });',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the fixture's source holds a template.
    '  await db.execute(sql`update credit_balances set balance = balance - 1 where user_id = ${userId}`);',
    "  await db.execute(sql`DELETE FROM credit_ledger WHERE kind = 'debit'`);",
    '  await db.insert(messages).values({});',
    '}',
  ].join('\n'),
  // Reading them is fine anywhere; writing them is fine in modules/credits and in tests.
  'apps/api/src/modules/admin/overview.ts': [
    "import { sql } from 'drizzle-orm';",
    "import { creditLedger } from '../../db/schema/index.ts';",
    '// a comment may say insert into credit_ledger',
    'export const read = (db) => [db.select().from(creditLedger), sql`select sum(delta) from credit_ledger`];',
    'export const lock = sql`select balance from credit_balances for update`;',
  ].join('\n'),
  'apps/api/src/modules/credits/credits.ts': [
    "import { sql } from 'drizzle-orm';",
    "import { creditLedger } from '../../db/schema/index.ts';",
    'export const grant = (db) => [db.insert(creditLedger).values({}), sql`insert into credit_balances values (1)`];',
  ].join('\n'),
  'apps/api/src/modules/chats/engine.test.ts':
    "import { sql } from 'drizzle-orm';\nexport const setUp = sql`update credit_balances set balance = 0`;\n",

  // Stripe and the model SDKs outside their modules: values refused, types allowed.
  'apps/api/src/modules/chats/failure.ts': [
    "import { APICallError } from '@ai-sdk/provider';",
    "import type { LanguageModelV3Message } from '@ai-sdk/provider';",
    "import { type ModelMessage, type Tool } from 'ai';",
    "import Stripe from 'stripe';",
    "const later = () => import('ai');",
    'export { APICallError, later, Stripe };',
  ].join('\n'),
  'apps/api/src/modules/billing/stripe-client.ts': "import Stripe from 'stripe';\nexport { Stripe };\n",
  'apps/api/src/test/fakes/stripe.ts': "import Stripe from 'stripe';\nexport { Stripe };\n",
  'apps/api/src/ai/assistant.ts': "import { streamText } from 'ai';\nexport { streamText };\n",

  // API modules meeting at an entry point (the ledger: fine), reaching into another's use case or its
  // engine (refused), and a test that reaches further to set up a scenario (fine).
  'apps/api/src/modules/roadmap/propose.ts': [
    "import { debit } from '../credits/credits.ts';",
    "import { researchOf } from '../chats/engine/model-context.ts';",
    "import type { StoredFile } from '../chats/send/send-sql.ts';",
    "import { planOf } from './read-plan.ts';",
    'export const p = [debit, researchOf, planOf];',
  ].join('\n'),
  'apps/api/src/modules/roadmap/propose.test.ts':
    "import { sendMessage } from '../chats/send/send-message.ts';\n",

  // Spanish a user reads, in a component (refused: as JSX text, an attribute, a template) and where it
  // belongs (copy modules, tests, test support); English texts and keys that name data are not Spanish.
  'apps/web/src/features/chat/components/empty.tsx': [
    "const PAGE_NAMES = { 'Contraseña olvidada': '/forgottenPass', Login: '/login' };",
    'export const Empty = ({ n }) => <p className="flex items-center" title="No stream body">',
    '  Aún no hay conversaciones',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the fixture's source holds a template.
    '  <input placeholder="Escribe un título" aria-label={`Hace ${n} días`} />',
    '</p>;',
  ].join('\n'),
  'apps/web/src/config/copy/chat.es.ts': "export const chatCopy = { empty: 'Aún no hay conversaciones' };\n",
  'apps/web/src/features/chat/suggested-questions.es.ts': "export const ideas = ['¿Cómo valido mi idea?'];\n",
  'apps/web/src/features/chat/empty.test.tsx': "expect(screen.getByText('Aún no hay conversaciones'));\n",
  'apps/web/src/test/chat-kit.tsx': "export const name = 'Cafetería La Esquina';\n",
};

let root;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-architecture-'));
  for (const [file, text] of Object.entries(FIXTURES)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
});
afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

const where = ({ file, line, rule }) => `${file}:${line} ${rule}`;

describe('the architecture check', () => {
  it('reports a feature importing another feature, at any depth, and shared code importing a feature', () => {
    const { violations } = checkArchitecture(root);
    const imports = [
      'web/features-are-independent',
      'web/shared-code-does-not-import-features',
      'web/app-is-not-imported-below',
      'web/test-support-stays-in-tests',
    ];
    expect(violations.filter((v) => imports.includes(v.rule)).map(where)).toEqual([
      'apps/web/src/features/chat/chat.test.tsx:1 web/features-are-independent',
      'apps/web/src/features/chat/components/header.tsx:1 web/features-are-independent',
      'apps/web/src/features/chat/components/header.tsx:4 web/features-are-independent',
      'apps/web/src/features/chat/pdf.test.tsx:1 web/app-is-not-imported-below',
      'apps/web/src/features/chat/stubbed.tsx:1 web/test-support-stays-in-tests',
      'apps/web/src/features/chat/stubbed.tsx:2 web/test-support-stays-in-tests',
      'apps/web/src/lib/format.ts:1 web/shared-code-does-not-import-features',
    ]);
    const mocked = violations.find((v) => v.file.endsWith('chat.test.tsx'));
    expect(formatViolation(mocked)).toBe(
      'apps/web/src/features/chat/chat.test.tsx:1  web/features-are-independent  the feature "chat" imports ' +
        'apps/web/src/features/auth/session.ts of the feature "auth". Features do not import each other: move ' +
        'the shared piece to src/components or src/lib, or compose both in a route (src/app).',
    );
  });

  it('reports credit rows written outside modules/credits, with drizzle or raw SQL, and not their reads', () => {
    const { violations } = checkArchitecture(root);
    const writes = violations.filter((v) => v.rule === 'api/only-credits-writes-credit-rows');
    expect(writes.map(where)).toEqual([
      'apps/api/src/modules/chats/spend.ts:5 api/only-credits-writes-credit-rows',
      'apps/api/src/modules/chats/spend.ts:6 api/only-credits-writes-credit-rows',
      'apps/api/src/modules/chats/spend.ts:7 api/only-credits-writes-credit-rows',
      'apps/api/src/modules/chats/spend.ts:8 api/only-credits-writes-credit-rows',
    ]);
    expect(writes.map((v) => v.message.split(')')[0])).toEqual([
      'writes credit rows (insert(ledger',
      'writes credit rows (update(creditBalances',
      'writes credit rows (update credit_balances',
      'writes credit rows (delete from credit_ledger',
    ]);
  });

  it('reports Stripe outside modules/billing and model SDKs outside src/ai, unless type-only', () => {
    const { violations } = checkArchitecture(root);
    const sdkRules = ['api/only-billing-imports-stripe', 'api/only-ai-imports-model-sdks'];
    expect(violations.filter((v) => sdkRules.includes(v.rule)).map(where)).toEqual([
      'apps/api/src/modules/chats/failure.ts:1 api/only-ai-imports-model-sdks',
      'apps/api/src/modules/chats/failure.ts:4 api/only-billing-imports-stripe',
      'apps/api/src/modules/chats/failure.ts:5 api/only-ai-imports-model-sdks',
    ]);
  });

  it('reports an API module importing what another keeps to itself, not its entry points or from tests', () => {
    const { violations } = checkArchitecture(root);
    const reaches = violations.filter((v) => v.rule === 'api/modules-meet-at-entry-points');
    expect(reaches.map(where)).toEqual([
      'apps/api/src/modules/roadmap/propose.ts:2 api/modules-meet-at-entry-points',
      'apps/api/src/modules/roadmap/propose.ts:3 api/modules-meet-at-entry-points',
    ]);
    expect(reaches[0]?.message).toContain(
      'the module "roadmap" imports apps/api/src/modules/chats/engine/model-context.ts, which the module "chats" keeps to itself.',
    );
  });

  it('reports Spanish that a web component spells itself, not in copy modules, tests or test support', () => {
    const { violations } = checkArchitecture(root);
    const spanish = violations.filter((v) => v.rule === 'web/spanish-lives-in-copy');
    expect(spanish.map((v) => `${where(v)} ${v.message.split('"')[1]}`)).toEqual([
      'apps/web/src/features/chat/components/empty.tsx:3 web/spanish-lives-in-copy Aún no hay conversaciones',
      'apps/web/src/features/chat/components/empty.tsx:4 web/spanish-lives-in-copy Escribe un título',
      'apps/web/src/features/chat/components/empty.tsx:4 web/spanish-lives-in-copy Hace  ?  días',
    ]);
  });

  // A second or two of parsing; more on a busy machine.
  it('finds nothing in the real tree', { timeout: 60_000 }, () => {
    const repository = fileURLToPath(new URL('../..', import.meta.url));
    const { files, violations } = checkArchitecture(repository);
    expect(files).toBeGreaterThan(300);
    expect(violations.map(formatViolation)).toEqual([]);
  });
});

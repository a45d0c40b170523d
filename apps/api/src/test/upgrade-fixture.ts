import crypto from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';

/**
 * A realistic fixture for the upgrade test (db/upgrade.test.ts): rows in every table of whatever schema
 * the database has, read from the database itself, so that a table a new migration adds is filled
 * without anyone writing its rows. Values follow each column's name where the app gives it a meaning
 * (Spanish names and texts, e-mails, the states the app writes, a password that signs in) and its type
 * otherwise; foreign keys point at rows written before, check constraints get a value they allow, and
 * every column is filled, nullable ones included, so that a migration that loses a column loses data.
 */

export const FIXTURE_ROWS = 3;
export const FIXTURE_PASSWORD = 'contraseña-del-fixture';
export const fixtureEmail = (i: number) =>
  `${['ana.garcia', 'luis.perez', 'marta.ruiz'][i % 3]}${i}@example.com`;

interface Column {
  table: string;
  name: string;
  type: string;
  udt: string;
  nullable: boolean;
  identity: boolean;
  serial: boolean;
}

interface ForeignKey {
  table: string;
  column: string;
  refTable: string;
  refColumn: string;
}

const NAMES = ['Ana García', 'Luis Pérez', 'Marta Ruiz'];
const BUSINESSES = ['Oliva Directa', 'Panadería Luna', 'Taller Verde'];
const DESCRIPTION =
  'Una plataforma que conecta a productores locales de aceite de oliva con restaurantes de toda España, con entregas semanales, trazabilidad completa del origen y precios justos para ambos lados.';

/** Values the app gives meaning to, by `table.column` (or `*.column`): a function of the row's index. */
const MEANINGFUL: Record<string, (i: number, row: Record<string, unknown>) => unknown> = {
  'users.full_name': (i) => NAMES[i % 3],
  'users.email': (i) => fixtureEmail(i),
  'users.username': (i) => `usuario_${i}`,
  'users.language': () => 'es',
  'users.role': () => 'user',
  'users.plan_id': () => 7,
  'users.email_verified': () => true,
  'users.is_active': () => true,
  'users.two_factor_enabled': () => false,
  'users.analytics_opt_out': () => false,
  'users.image': () => null,
  'accounts.provider_id': () => 'credential',
  'accounts.account_id': (_i, row) => String(row.user_id),
  'sessions.expires_at': () => new Date(Date.now() + 7 * 86_400_000).toISOString(),
  'businesses.stage': () => 'idea',
  'businesses.name': (i) => BUSINESSES[i % 3],
  'businesses.location': () => 'España',
  'businesses.description': () => DESCRIPTION,
  'businesses.goal': () => 'Validar la demanda en Madrid',
  'businesses.team_description': () => 'Dos fundadores con experiencia en logística',
  'businesses.team_size': () => 2,
  'businesses.user_position': () => 'CEO',
  'businesses.investment_currency': () => 'euro',
  'businesses.billing_currency': () => 'euro',
  'businesses.ebitda_currency': () => 'euro',
  'businesses.logo_key': () => null,
  'businesses.logo_version': () => null,
  'chats.title': (i) => ['Validar la demanda', 'Precio de lanzamiento', 'Primeros clientes'][i % 3],
  'messages.sender': (i) => (i % 2 === 0 ? 'user' : 'ai_model'),
  'messages.content': (i) =>
    i % 2 === 0
      ? '¿Cómo valido la demanda en Madrid?'
      : 'Empieza con **20 entrevistas** a restaurantes de Madrid.',
  'messages.finished': () => true,
  'messages.interrupted': () => false,
  'messages.answer_kind': (i) => (i % 2 === 0 ? null : 'model'),
  'messages.reply_to': () => null,
  'generations.status': () => 'finished',
  'generations.stop_requested': () => false,
  'generations.model': () => 'openai:gpt-4.1-mini',
  'generations.error': () => null,
  'credit_ledger.kind': () => 'grant',
  'credit_ledger.delta': () => 100,
  'credit_balances.balance': () => 100,
  'subscriptions.provider': () => 'local',
  'subscriptions.status': () => 'active',
  'subscriptions.plan_id': () => 7,
  'subscriptions.cancel_at_period_end': () => false,
  'billing_sessions.provider': () => 'local',
  'billing_sessions.plan_id': () => 7,
  'researches.status': () => 'completed',
  'researches.mode': () => 'model',
  'researches.stage': () => 'done',
  'researches.plan': () => null,
  'researches.partial': () => false,
  'researches.summary': () => 'El mercado de aceite premium en Madrid crece un 4 % al año (estimación).',
  'researches.error': () => null,
  'research_sources.url': (i) => `https://www.ejemplo.es/informe-aceite-${i}`,
  'attachments.type': () => 'document',
  'attachments.mime_type': () => 'application/pdf',
  'attachments.name': (i) => `plan-financiero-${i}.pdf`,
  'attachments.storage_key': (i) => `attachments/fixture/${i}`,
  'two_factors.verified': () => false,
  'message_feedback.rating': (i) => (i % 2 === 0 ? 'up' : 'down'),
  'analytics_events.name': () => 'page_view',
};

const JSON_ARRAYS = new Set(['researches.notes', 'researches.sections', 'researches.missing']);

async function columnsOf(db: Db): Promise<Column[]> {
  const rows = await queryRows<{
    table_name: string;
    column_name: string;
    data_type: string;
    udt_name: string;
    is_nullable: string;
    is_identity: string;
    column_default: string | null;
  }>(
    db,
    sql`select table_name, column_name, data_type, udt_name, is_nullable, is_identity, column_default
        from information_schema.columns c
        where table_schema = 'public'
          and exists (select 1 from information_schema.tables t where t.table_schema = 'public'
                      and t.table_name = c.table_name and t.table_type = 'BASE TABLE')
        order by table_name, ordinal_position`,
  );
  return rows.map((r) => ({
    table: r.table_name,
    name: r.column_name,
    type: r.data_type,
    udt: r.udt_name,
    nullable: r.is_nullable === 'YES',
    identity: r.is_identity === 'YES',
    serial: r.column_default?.startsWith('nextval(') ?? false,
  }));
}

async function foreignKeysOf(db: Db): Promise<ForeignKey[]> {
  return queryRows<ForeignKey>(
    db,
    sql`select c.conrelid::regclass::text as "table", a.attname as "column",
               c.confrelid::regclass::text as "refTable", af.attname as "refColumn"
        from pg_constraint c
        join lateral unnest(c.conkey, c.confkey) as k(col, refcol) on true
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.col
        join pg_attribute af on af.attrelid = c.confrelid and af.attnum = k.refcol
        where c.contype = 'f' and c.connamespace = 'public'::regnamespace`,
  );
}

/** The first value a check constraint on `table.column` allows (`= 'x'`, `= ANY (ARRAY['x', …])`). */
async function checkedValuesOf(db: Db): Promise<Map<string, string>> {
  const rows = await queryRows<{ table: string; def: string }>(
    db,
    sql`select conrelid::regclass::text as "table", pg_get_constraintdef(oid) as def
        from pg_constraint where contype = 'c' and connamespace = 'public'::regnamespace`,
  );
  const values = new Map<string, string>();
  for (const { table, def } of rows) {
    const match = /\(+\s*"?(\w+)"?\s*=\s*(?:ANY\s*\(ARRAY\[)?'([^']*)'/.exec(def);
    if (match) values.set(`${table}.${match[1]}`, match[2] as string);
  }
  return values;
}

/** The first label of every enum type, by its name. */
async function enumLabelsOf(db: Db): Promise<Map<string, string>> {
  const rows = await queryRows<{ name: string; label: string }>(
    db,
    sql`select t.typname as name, e.enumlabel as label from pg_type t
        join pg_enum e on e.enumtypid = t.oid where e.enumsortorder = (
          select min(enumsortorder) from pg_enum where enumtypid = t.oid)`,
  );
  return new Map(rows.map((r) => [r.name, r.label]));
}

/** Tables in an order where each comes after those it refers to (self-references are left null). */
function insertionOrder(tables: string[], keys: ForeignKey[]): string[] {
  const ordered: string[] = [];
  const pending = new Set(tables);
  while (pending.size > 0) {
    const ready = [...pending].filter((table) =>
      keys.every((k) => k.table !== table || k.refTable === table || !pending.has(k.refTable)),
    );
    if (ready.length === 0) throw new Error(`circular references among ${[...pending].join(', ')}`);
    for (const table of ready.sort()) {
      ordered.push(table);
      pending.delete(table);
    }
  }
  return ordered;
}

function byType(column: Column, i: number): unknown {
  const label = `${column.table} ${column.name.replaceAll('_', ' ')} ${i + 1}`;
  if (column.type === 'ARRAY') return [];
  switch (column.udt) {
    case 'int2':
    case 'int4':
    case 'int8':
      return i + 1;
    case 'float4':
    case 'float8':
    case 'numeric':
      return 1500.5 + i;
    case 'bool':
      return i % 2 === 0;
    case 'timestamptz':
    case 'timestamp':
      return new Date(Date.UTC(2026, 9, 1 + i, 10, 30)).toISOString();
    case 'date':
      return `2026-10-0${1 + i}`;
    case 'jsonb':
    case 'json':
      return JSON_ARRAYS.has(`${column.table}.${column.name}`) ? [] : { fixture: true, fila: i + 1 };
    case 'uuid':
      return crypto.randomUUID();
    case 'bytea':
      return Buffer.from(label);
    default:
      return label;
  }
}

function literal(value: unknown, column: Column): SQL {
  if (value === null || value === undefined) return sql`null`;
  if (column.udt === 'jsonb' || column.udt === 'json') return sql`${JSON.stringify(value)}::jsonb`;
  if (column.type === 'ARRAY')
    return sql`${`{${(value as unknown[]).join(',')}}`}::${sql.raw(column.udt.slice(1))}[]`;
  return sql`${value}`;
}

/** Writes FIXTURE_ROWS rows into every table of the public schema. */
export async function writeFixture(db: Db): Promise<void> {
  const columns = await columnsOf(db);
  const keys = await foreignKeysOf(db);
  const checked = await checkedValuesOf(db);
  const enums = await enumLabelsOf(db);
  const tables = [...new Set(columns.map((c) => c.table))];
  const password = await hashPassword(FIXTURE_PASSWORD);
  const written = new Map<string, Record<string, unknown>[]>();
  for (const table of insertionOrder(tables, keys)) {
    const rows: Record<string, unknown>[] = [];
    for (let i = 0; i < FIXTURE_ROWS; i++) {
      const row: Record<string, unknown> = {};
      const own = columns.filter((c) => c.table === table);
      // References first: values that depend on the row (an account's id is its user's) read them.
      for (const column of own) {
        const key = keys.find((k) => k.table === table && k.column === column.name);
        if (!key) continue;
        if (key.refTable === table) row[column.name] = null;
        else row[column.name] = written.get(key.refTable)?.[i % FIXTURE_ROWS]?.[key.refColumn];
      }
      for (const column of own) {
        if (column.name in row) continue;
        if (column.identity || column.serial) continue;
        const name = `${table}.${column.name}`;
        const meaningful = MEANINGFUL[name];
        if (table === 'accounts' && column.name === 'password') row[column.name] = password;
        else if (meaningful) row[column.name] = meaningful(i, row);
        else if (checked.has(name)) row[column.name] = checked.get(name);
        else if (enums.has(column.udt)) row[column.name] = enums.get(column.udt);
        else row[column.name] = byType(column, i);
      }
      const names = Object.keys(row);
      const [inserted] = await queryRows<Record<string, unknown>>(
        db,
        sql`insert into ${sql.identifier(table)} (${sql.join(
          names.map((n) => sql.identifier(n)),
          sql`, `,
        )}) values (${sql.join(
          names.map((n) => literal(row[n], own.find((c) => c.name === n) as Column)),
          sql`, `,
        )}) returning *`,
      );
      rows.push(inserted as Record<string, unknown>);
    }
    written.set(table, rows);
  }
}

/** Every row of every table of the public schema, as JSON text by table, in a stable order. */
export async function snapshotRows(db: Db): Promise<Record<string, Record<string, unknown>[]>> {
  const tables = [...new Set((await columnsOf(db)).map((c) => c.table))];
  const snapshot: Record<string, Record<string, unknown>[]> = {};
  for (const table of tables) {
    const rows = await queryRows<{ row: Record<string, unknown> }>(
      db,
      sql`select to_jsonb(t) as row from ${sql.identifier(table)} t order by to_jsonb(t)::text`,
    );
    snapshot[table] = rows.map((r) => (typeof r.row === 'string' ? JSON.parse(r.row) : r.row));
  }
  return snapshot;
}

/**
 * What an upgrade lost: every table, row and value of `before` must be in `after` (a migration may add
 * tables, columns and rows; it may not drop or change what was there). Rows are matched by their values
 * in the columns `before` had.
 */
export function lostData(
  before: Record<string, Record<string, unknown>[]>,
  after: Record<string, Record<string, unknown>[]>,
): string[] {
  const lost: string[] = [];
  for (const [table, rows] of Object.entries(before)) {
    const now = after[table];
    if (!now) {
      lost.push(`table ${table} (${rows.length} rows) is gone`);
      continue;
    }
    const columns = Object.keys(rows[0] ?? {});
    const gone = columns.filter((c) => now.length > 0 && !(c in (now[0] as object)));
    for (const column of gone) lost.push(`column ${table}.${column} is gone with its data`);
    const kept = columns.filter((c) => !gone.includes(c));
    const key = (row: Record<string, unknown>) => JSON.stringify(kept.map((c) => row[c]));
    const present = new Set(now.map(key));
    const missing = rows.filter((row) => !present.has(key(row)));
    if (missing.length > 0)
      lost.push(`${table}: ${missing.length} of ${rows.length} rows missing or changed`);
  }
  return lost;
}

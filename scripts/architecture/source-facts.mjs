import ts from 'typescript';

/**
 * What the architecture rules need to know of one source file: the modules it imports (statically,
 * re-exported, dynamically or mocked) and the statements that write rows of the credit tables. Parsed
 * with TypeScript's own parser (no type checking, so a whole tree takes a second or two), not with
 * regular expressions, so that comments and strings that merely mention an import are not mistaken for one.
 */

/**
 * @typedef {{ specifier: string, line: number, typeOnly: boolean }} ImportFact
 * @typedef {{ line: number, what: string }} CreditWrite
 * @typedef {{ line: number, text: string }} TextFact
 * @typedef {{ imports: ImportFact[], creditWrites: CreditWrite[], texts: TextFact[] }} SourceFacts
 * @typedef {{ tables: Set<string>, isSchemaModule: (fromFile: string, specifier: string) => boolean }} CreditSchema
 */

/** A raw SQL statement that changes a credit table: `insert into credit_…`, `update credit_…`, `delete from credit_…`. */
const RAW_CREDIT_WRITE = /\b(insert\s+into|update|delete\s+from)\s+"?(credit_\w+)/i;
const DRIZZLE_WRITES = new Set(['insert', 'update', 'delete']);

const lineOf = (source, node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;

/** `import type …` or an import whose every named binding is `type …`: nothing of it runs. */
function isTypeOnlyImport(node) {
  const clause = node.importClause;
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  return (
    !clause.name &&
    bindings !== undefined &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((element) => element.isTypeOnly)
  );
}

function isTypeOnlyExport(node) {
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  return (
    clause !== undefined &&
    ts.isNamedExports(clause) &&
    clause.elements.length > 0 &&
    clause.elements.every((element) => element.isTypeOnly)
  );
}

/** `import('x')`, `vi.mock('x')`, `vi.importActual('x')`: a module named by a call's first argument. */
function calledModule(node) {
  if (!ts.isCallExpression(node)) return undefined;
  const [first] = node.arguments;
  if (!first || !ts.isStringLiteralLike(first)) return undefined;
  if (node.expression.kind === ts.SyntaxKind.ImportKeyword) return first.text;
  const callee = node.expression;
  if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression)) {
    const mocking = ['mock', 'doMock', 'importActual', 'importMock'].includes(callee.name.text);
    if (callee.expression.text === 'vi' && mocking) return first.text;
  }
  return undefined;
}

/**
 * The local names under which this file sees the credit tables: `creditLedger` (or its alias) from the
 * schema, and `schema` of `import * as schema from '…/schema/…'`.
 */
function creditTableNames(source, schema) {
  const tables = new Set();
  const namespaces = new Set();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!schema.isSchemaModule(source.fileName, statement.moduleSpecifier.text)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) {
        const imported = (element.propertyName ?? element.name).text;
        if (schema.tables.has(imported)) tables.add(element.name.text);
      }
    }
  }
  return { tables, namespaces };
}

/** The credit table a drizzle call's argument names (`creditLedger`, `schema.creditLedger`), if any. */
function creditTableOf(argument, names, schema) {
  if (!argument) return undefined;
  if (ts.isIdentifier(argument) && names.tables.has(argument.text)) return argument.text;
  if (
    ts.isPropertyAccessExpression(argument) &&
    ts.isIdentifier(argument.expression) &&
    names.namespaces.has(argument.expression.text) &&
    schema.tables.has(argument.name.text)
  ) {
    return argument.name.text;
  }
  return undefined;
}

/** The text of a string or template literal (a template's literal parts, without its `${…}`). */
function literalText(node) {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ? ');
  }
  return undefined;
}

/** Adds what `node` imports to `facts.imports`. */
function collectImports(node, source, facts) {
  const add = (specifier, typeOnly) =>
    facts.imports.push({ specifier, line: lineOf(source, node), typeOnly });
  if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
    add(node.moduleSpecifier.text, isTypeOnlyImport(node));
  } else if (
    ts.isExportDeclaration(node) &&
    node.moduleSpecifier &&
    ts.isStringLiteral(node.moduleSpecifier)
  ) {
    add(node.moduleSpecifier.text, isTypeOnlyExport(node));
  } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
    const literal = node.argument.literal;
    if (ts.isStringLiteral(literal)) add(literal.text, true);
  }
  const called = calledModule(node);
  if (called !== undefined) add(called, false);
}

/** Adds to `facts.creditWrites` a drizzle `insert/update/delete(creditTable)` or raw SQL write at `node`. */
function collectCreditWrites(node, source, names, schema, facts) {
  if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
    const method = node.expression.name.text;
    const table = DRIZZLE_WRITES.has(method) ? creditTableOf(node.arguments[0], names, schema) : undefined;
    if (table) facts.creditWrites.push({ line: lineOf(source, node), what: `${method}(${table})` });
  }
  const literal = literalText(node);
  const raw = literal === undefined ? null : RAW_CREDIT_WRITE.exec(literal);
  if (raw) facts.creditWrites.push({ line: lineOf(source, node), what: `${raw[1]} ${raw[2]}`.toLowerCase() });
}

/**
 * Adds to `facts.texts` a string, template or JSX text a user could read: not a module specifier, and
 * not an object key (keys name data, such as the event names the spec fixes).
 */
function collectTexts(node, source, facts) {
  const parent = node.parent;
  const isKey = parent && ts.isPropertyAssignment(parent) && parent.name === node;
  const isSpecifier =
    parent &&
    (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isLiteralTypeNode(parent));
  if (isKey || isSpecifier || (parent && calledModule(parent) !== undefined)) return;
  const text = ts.isJsxText(node) ? node.text : literalText(node);
  if (text?.trim()) facts.texts.push({ line: lineOf(source, node), text: text.trim() });
}

function collect(node, source, names, schema, facts) {
  collectImports(node, source, facts);
  collectTexts(node, source, facts);
  if (names) collectCreditWrites(node, source, names, schema, facts);
  ts.forEachChild(node, (child) => collect(child, source, names, schema, facts));
}

/**
 * The facts of one file. Without `creditSchema` (a web file) only its imports are collected.
 * @param {CreditSchema} [creditSchema]
 * @returns {SourceFacts}
 */
export function sourceFacts(fileName, text, creditSchema) {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const names = creditSchema ? creditTableNames(source, creditSchema) : undefined;
  /** @type {SourceFacts} */
  const facts = { imports: [], creditWrites: [], texts: [] };
  collect(source, source, names, creditSchema, facts);
  return facts;
}

/** The tables the credits schema file defines: `export const creditLedger = pgTable('credit_ledger', …)`. */
export function creditTablesOf(schemaText) {
  const source = ts.createSourceFile(
    'credits.ts',
    schemaText,
    ts.ScriptTarget.Latest,
    false,
    ts.ScriptKind.TS,
  );
  const tables = new Set();
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const init = declaration.initializer;
      const isTable =
        init &&
        ts.isCallExpression(init) &&
        ts.isIdentifier(init.expression) &&
        init.expression.text === 'pgTable';
      if (isTable && ts.isIdentifier(declaration.name)) tables.add(declaration.name.text);
    }
  }
  return tables;
}

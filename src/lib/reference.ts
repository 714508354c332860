/**
 * The library's reference, generated from the catalogue: the type declarations of every method
 * (`dist/lib/endpoints.d.ts`, written by build.mjs) and the method table of docs/library.md. A catalogue change
 * changes both; a test keeps that copy equal to this.
 */
import type { Endpoint, Param } from '../api/catalogue/types.js';
import { EXIT } from '../errors.js';
import type { LegacyEndpoint } from '../legacy/catalogue.js';
import { legacyTable, methodTable, summaryOf, type MethodEntry } from './methods.js';
import { libName } from './names.js';
import { legacyParamType, literal, paramType } from './param-types.js';
import { traitsOf } from '../core/usecases/endpoint-traits.js';

export { paramType } from './param-types.js';

/** `order cancel-all` as `OrderCancelAll`. */
function typeName(path: readonly string[]): string {
  return path.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

function doc(text: string, indent: string): string {
  return `${indent}/** ${text.replace(/\*\//g, '*\\/')} */\n`;
}

/** Whether a caller must give `p`: the venue requires it and bm has no default for it. */
function needed(p: Param): boolean {
  return p.required === true && p.default === undefined && !p.local;
}

function paramsInterface(name: string, ep: Endpoint): string {
  const lines = ep.params.filter((p) => !p.local).map((p) => `${doc(p.description, '  ')}  readonly ${libName(p)}${needed(p) ? '' : '?'}: ${paramType(p)};\n`);
  return `/** Parameters of ${ep.method} ${ep.path}. */\nexport interface ${name}Params {\n${lines.join('')}}\n`;
}

/** `Row<"a" | "b">` of the columns. */
function rowOf(columns: readonly string[] | undefined): string {
  return `Row<${(columns ?? []).map(literal).join(' | ') || 'never'}>`;
}

/** The shape of a read's `data`: its rows, the one record its columns describe, or the book's two sides of levels. */
function resultShape(ep: Endpoint): string {
  if (traitsOf(ep).book) {
    // The columns name the command's rows, one per level with its side: the answer holds the sides apart.
    const levels = `ReadonlyArray<${rowOf(ep.columns?.filter((c) => c !== 'side'))}>`;
    return `{ readonly timestamp: string; readonly buys: ${levels}; readonly sells: ${levels} } & Data`;
  }
  if (ep.rows) return `{ readonly ${ep.rows}: ReadonlyArray<${rowOf(ep.columns)}> } & Data`;
  return ep.columns ? rowOf(ep.columns) : 'Data';
}

function resultType(name: string, ep: Endpoint): string {
  if (ep.write) return '';
  const shape = resultShape(ep);
  return `/** The answer's \`data\` of ${ep.method} ${ep.path}, numbers as exact text. */\nexport type ${name}Result = ${shape};\n`;
}

/** A method's two signatures: with `{ dryRun: true }` it resolves with the request it would send. */
function overloads(what: string, method: string, params: string, result: string, dry = 'DryRun', options = 'CallOptions'): string {
  return `${doc(`${what}: with \`{ dryRun: true }\`, the request it would send (nothing is sent)`, '')}${method}(${params.includes('?:') ? `${params.replace('?:', ':')} | undefined` : params}, opts: { readonly dryRun: true }): Promise<${dry}>;\n`
    + `${doc(what, '')}${method}(${params}, opts?: ${options}): Promise<${result}>;\n`;
}

function signature(m: MethodEntry): string {
  const name = typeName(m.path);
  const what = `${summaryOf(m.ep)} (${m.ep.method} ${m.ep.path}; \`bm ${m.ep.command!.join(' ')}\`)${m.ep.write ? ': a careful write' : ''}`;
  // A batch takes the orders themselves (the command reads them from a file).
  if (traitsOf(m.ep).batch) return overloads(what, m.path[m.path.length - 1]!, 'orders: readonly BatchOrder[]', 'BatchResult', 'DryRun[]', 'BatchOptions');
  const optional = !m.ep.params.some(needed);
  return overloads(what, m.path[m.path.length - 1]!, `params${optional ? '?' : ''}: ${name}Params`, m.ep.write ? 'WriteOutcome' : `${name}Result`);
}

function legacySignature(m: MethodEntry<LegacyEndpoint>): string {
  const name = `Legacy${typeName(m.path)}`;
  const optional = m.ep.params.every((p) => !p.required);
  const what = `${summaryOf(m.ep)} (${m.ep.method} ${m.ep.path}; \`bm legacy ${m.ep.command.join(' ')}\`)${m.ep.write ? ': a careful write' : ''}`;
  return overloads(what, m.path[m.path.length - 1]!, `params${optional ? '?' : ''}: ${name}Params`, m.ep.write ? 'WriteOutcome' : `${name}Result`);
}

/** The type of a first-generation body, from its entry (numbers as exact text). */
export function legacyResultType(ep: LegacyEndpoint): string {
  const fields = ep.body?.fields ?? ep.columns ?? [];
  const row = fields.length ? `Row<${fields.map(literal).join(' | ')}>` : 'Data';
  const list = `ReadonlyArray<${row}>`;
  if (ep.rows) return `{ readonly ${ep.rows}: ${list} } & Data`;
  switch (ep.body?.shape ?? 'list') {
    case 'object':
      return row;
    case 'objectOrList':
      return `${row} | ${list}`;
    case 'values':
      return 'ReadonlyArray<string>';
    case 'sides':
      return `{ readonly buys: ${list}; readonly sells: ${list} } & Data`;
    default:
      return list;
  }
}

function legacyParamsInterface(m: MethodEntry<LegacyEndpoint>): string {
  const lines = m.ep.params.map((p) => `${doc(p.description, '  ')}  readonly ${p.name}${p.required ? '' : '?'}: ${legacyParamType(p)};\n`);
  const result = m.ep.write ? '' : `/** The body of ${m.ep.method} ${m.ep.path}, numbers as exact text. */\nexport type Legacy${typeName(m.path)}Result = ${legacyResultType(m.ep)};\n`;
  return `/** Parameters of ${m.ep.method} ${m.ep.path} (first generation). */\nexport interface Legacy${typeName(m.path)}Params {\n${lines.join('')}}\n${result}`;
}

/** Nests signatures under their groups (`order: { place(...); ... }`). */
function methodsBody<E extends { readonly command?: readonly string[] }>(table: readonly MethodEntry<E>[], depth: number, indent: string, sig: (m: MethodEntry<E>) => string): string {
  const groups = new Map<string, MethodEntry<E>[]>();
  let out = '';
  for (const m of table) {
    if (m.path.length === depth + 1) out += sig(m).replace(/^(?=.)/gm, indent);
    else {
      const g = m.path[depth]!;
      if (!groups.has(g)) groups.set(g, []);
      groups.get(g)!.push(m);
    }
  }
  for (const [g, list] of groups) out += `${indent}readonly ${g}: {\n${methodsBody(list, depth + 1, `${indent}  `, sig)}${indent}};\n`;
  return out;
}

/** `endpoints.d.ts`: parameter and result types of every method, and the `Methods` interface the client has. */
export function endpointDts(table: readonly MethodEntry[] = methodTable(), legacy: readonly MethodEntry<LegacyEndpoint>[] = legacyTable()): string {
  let out = '// Generated from the endpoint catalogue by build.mjs: do not edit.\n';
  out += "import type { BatchOptions, BatchOrder, BatchResult, CallOptions, Data, DecimalString, DryRun, LongInput, OrderType, Row, Side, StpMode, TimeInput, WriteOutcome } from './index.js';\n\n";
  for (const m of table) {
    if (traitsOf(m.ep).batch) continue;
    const name = typeName(m.path);
    out += `${paramsInterface(name, m.ep)}${resultType(name, m.ep)}\n`;
  }
  for (const m of legacy) out += `${legacyParamsInterface(m)}\n`;
  out += `/** Categories of a BmError, each with the exit code \`bm\` gives it. */\nexport type Category = ${Object.keys(EXIT).map(literal).join(' | ')};\n\n`;
  const legacyBody = methodsBody(legacy, 0, '    ', legacySignature);
  return `${out}/** The client's methods, one per catalogue entry with a \`bm\` command. */\nexport interface Methods {\n${methodsBody(table, 0, '  ', signature)}  /** The first generation (\`bm legacy\`); answers are its bodies as sent, numbers as exact text. */\n  readonly legacy: {\n${legacyBody}  };\n}\n`;
}

/** A first-generation body in the words of docs/library.md. */
function legacyReturns(ep: LegacyEndpoint): string {
  if (ep.rows) return `\`{ ${ep.rows}: [...] }\``;
  const shape = ep.body?.shape ?? 'list';
  return { object: 'object', objectOrList: 'object or `[...]`', values: '`[...]` of text', sides: '`{ buys, sells }`', list: '`[...]`' }[shape];
}

/** The method table of docs/library.md (markdown). */
export function referenceMarkdown(table: readonly MethodEntry[] = methodTable(), legacy: readonly MethodEntry<LegacyEndpoint>[] = legacyTable()): string {
  const legacyRows = legacy.map((m) => {
    const params = m.ep.params.map((p) => `\`${p.name}${p.required ? '' : '?'}\``).join(', ') || '-';
    return `| \`client.legacy.${m.path.join('.')}\` | ${m.ep.method} \`${m.ep.path}\` | ${params} | ${m.ep.write ? 'WriteOutcome' : legacyReturns(m.ep)} | ${summaryOf(m.ep)} |`;
  });
  const rows = table.map((m) => {
    const batch = traitsOf(m.ep).batch === true;
    const params = batch ? '`[{ symbol, side, type, size?, price?, notional?, client_order_id? }]`' : m.ep.params.filter((p) => !p.local).map((p) => `\`${libName(p)}${needed(p) ? '' : '?'}\``).join(', ') || '-';
    const returns = batch ? 'BatchResult' : m.ep.write ? 'WriteOutcome' : m.ep.rows ? `\`{ ${m.ep.rows}: [...] }\`` : '`data`';
    return `| \`client.${m.path.join('.')}\` | ${m.ep.method} \`${m.ep.path}\` | ${params} | ${returns} | ${summaryOf(m.ep)} |`;
  });
  return ['| Method | Endpoint | Parameters | Returns | What |', '|---|---|---|---|---|', ...rows, ...legacyRows].join('\n');
}

const REF_START = '<!-- library-reference -->\n';
const REF_END = '<!-- /library-reference -->';

/** The library guide (docs/library.md) with its generated method table replaced by the current one. */
export function withReference(readme: string): string {
  const a = readme.indexOf(REF_START);
  const b = readme.indexOf(REF_END);
  if (a < 0 || b < a) throw new Error('docs/library.md has no library reference markers');
  return `${readme.slice(0, a + REF_START.length)}${referenceMarkdown()}\n${readme.slice(b)}`;
}

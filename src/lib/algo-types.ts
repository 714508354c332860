/**
 * The library's types of conditional orders, generated from the kinds' registry (src/core/algo/kinds/)
 * into dist/lib/algo-kinds.d.ts by build/library.mjs: one parameter type per kind (its own inputs, required
 * where the kind requires them, not one type with every field optional) and the `client.algo` methods. A new
 * kind is a file of the registry: its type and method follow.
 */
import { commonInputs, type KindDef, type KindInput, KINDS, paramName } from '../core/usecases/algo-kinds.js';

const typeOf = (i: KindInput) => (i.type === 'decimal' ? 'DecimalString' : i.type === 'whole' ? 'string | number' : i.type === 'id' ? 'string | number' : 'string');
const typeName = (k: KindDef) => `${k.method[0]!.toUpperCase()}${k.method.slice(1)}Params`;

function paramsInterface(k: KindDef): string {
  const fromOrder = k.resolve !== undefined;
  const lines = [
    '  readonly symbol: string;',
    ...(k.sideOf ? [] : [fromOrder ? '  /** Absent with `order_id`: the order\'s. */\n  readonly side?: Side;' : '  readonly side: Side;']),
    ...(commonInputs(k).includes('size') ? ['  /** Base quantity; a market buy gives `notional` (the quote amount to spend) instead. */\n  readonly size?: DecimalString;'] : []),
    ...(commonInputs(k).includes('notional') ? ['  readonly notional?: DecimalString;'] : []),
    ...k.inputs.map((i) => `  /** ${i.help}. */\n  readonly ${paramName(i.key)}${i.required ? '' : '?'}: ${typeOf(i)};`),
  ];
  return `/** Parameters of \`client.algo.${k.method}\` (\`bm ${k.command ?? `order ${k.kind}`}\`): ${k.summary}. */\nexport interface ${typeName(k)} {\n${lines.join('\n')}\n}\n`;
}

/** The declarations of dist/lib/algo-kinds.d.ts. */
export function algoDts(): string {
  let out = '// Generated from the kinds of conditional order (src/core/algo/kinds/) by build.mjs: do not edit.\n';
  out += "import type { AlgoListed, AlgoOptions, AlgoResult, DecimalString, Side } from './index.js';\n\n";
  out += `/** The kinds of conditional order \`bm\` holds. */\nexport type AlgoKind = ${KINDS.map((k) => `'${k.kind}'`).join(' | ')};\n\n`;
  for (const k of KINDS) out += `${paramsInterface(k)}\n`;
  const methods = KINDS.map((k) => `  /** ${k.summary}: ${k.fires}. */\n  ${k.method}(params: ${typeName(k)}, opts?: AlgoOptions): Promise<AlgoResult<'${k.kind}'>>;`);
  return `${out}/** \`client.algo\`: conditional orders held by bm until they fire (see \`bm help algo\`), and the ones this machine holds. */
export interface AlgoApi {
${methods.join('\n')}
  /** Every conditional order kept on this machine, oldest first, and whether a runner is proven to hold it. */
  list(): Promise<AlgoListed[]>;
  /** One conditional order as its journal has it (\`last\`: the one made last). */
  show(id: string): Promise<AlgoListed>;
  /** Starts the runner of an armed algo no runner holds, on the venue and account it was armed on (those of this client, or refused). */
  resume(id: string): Promise<AlgoListed>;
  /** Cancels it: its proven runner stopped, legs being sent settled by lookup, the armed ones never sent. */
  cancel(id: string): Promise<AlgoResult>;
}
`;
}

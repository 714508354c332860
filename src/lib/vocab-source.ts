/**
 * The vocabulary's types as the library ships them: `src/lib/vocab.ts` (shipped as
 * `dist/lib/vocab.d.ts`) is this text, generated from the catalogue, so a program type-checks its
 * sides, order types, candle intervals and book depths against the words the venue takes. A test
 * keeps the file equal to this.
 */
import { DEPTH_LEVELS, KLINE_INTERVALS } from '../api/catalogue/channels.js';
import { ORDER_TYPES, SIDES, STP_MODES, type Term } from '../api/catalogue/vocab.js';

function union(values: readonly (string | number)[]): string {
  return values.map((v) => JSON.stringify(v)).join(' | ');
}

/** A type alias whose doc lists each value with its meaning. */
function termsType(name: string, what: string, terms: readonly Term[]): string {
  const lines = terms.map((t) => ` * - \`${t.value}\`: ${t.meaning}`).join('\n');
  return `/**\n * ${what}:\n${lines}\n */\nexport type ${name} = ${union(terms.map((t) => t.value))};\n`;
}

/** The text of `src/lib/vocab.ts`. */
export function vocabSource(): string {
  return `// Generated from the catalogue by vocabSource() in src/lib/vocab-source.ts; a test keeps it current.
${termsType('Side', 'The side of an order', SIDES)}
${termsType('OrderType', 'The type of an order', ORDER_TYPES)}
${termsType('StpMode', 'Self-trade prevention of an order', STP_MODES)}
/** A candle interval the WebSocket streams (\`client.watch.kline\`), spelt as the command line spells widths (\`1H\`, \`1D\`, \`1W\` are taken too; \`1m\` a minute, \`1M\` a month). */
export type KlineInterval = ${union(KLINE_INTERVALS)};

/** Levels per side of a book stream (\`client.watch.depth\`). */
export type DepthLevels = ${union(DEPTH_LEVELS)};
`;
}

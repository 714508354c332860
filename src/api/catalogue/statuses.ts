/**
 * Reading the status vocabularies of ./vocab.ts: the word, the code and the life (open or over) of
 * an order state, the list filters and what each selects, and the code a user's word names. The
 * tables are data; these are the rules read from them.
 */
import { ORDER_STATUSES, type Life, type Status } from './vocab.js';

type NamedStatus = Exclude<(typeof ORDER_STATUSES)[number], { alias: true }>;
/** The word of a current-generation order state or list filter. */
export type OrderStatusWord = NamedStatus['word'];

/** The code of each order state and list filter by its word, as sent: `STATUS_CODE.open` is `'9'`. */
export const STATUS_CODE = Object.fromEntries(
  (ORDER_STATUSES as readonly Status[]).filter((s) => !s.alias).map((s) => [s.word, s.code]),
) as { readonly [S in NamedStatus as S['word']]: S['code'] };

/** The same codes as numbers (the sandbox keeps an order's state so): `STATUS_NUMBER.filled` is 6. */
export const STATUS_NUMBER = Object.fromEntries(
  Object.entries(STATUS_CODE).map(([w, c]) => [w, Number(c)]),
) as { readonly [S in NamedStatus as S['word']]: S['code'] extends `${infer N extends number}` ? N : never };

const lifeOf = new Map((ORDER_STATUSES as readonly Status[]).map((s) => [s.code, s.life]));

/** Where an order in this state stands, or undefined for a state in between (placing) or unknown. */
export function statusLife(code: string | number): Life | undefined {
  return lifeOf.get(String(code));
}

/** True for a state of an order still on the book: pending, partially filled (either code), being cancelled. */
export function isOpenStatus(code: string | number): boolean {
  return statusLife(code) === 'open';
}

/** True for a state an order never leaves: filled, cancelled (after a partial fill too), failed. */
export function isFinalStatus(code: string | number): boolean {
  const life = statusLife(code);
  return life !== undefined && life !== 'open';
}

/** The codes of the order states of one life (`cancelled`: 8 and 12). */
export function codesOfLife(life: Life): string[] {
  return [...lifeOf].filter(([, l]) => l === life).map(([c]) => c);
}

/** True when the code is the state named by `word` (a code given as text or as a number). */
export function statusIs(code: string | number, word: OrderStatusWord): boolean {
  return String(code) === STATUS_CODE[word];
}

/** The codes `/spot/v2/orders` accepts as `status` (spec 4.3). */
export const ORDER_STATUS_FILTERS: readonly string[] = (ORDER_STATUSES as readonly Status[]).filter((s) => s.filter).map((s) => s.code);

/** Which codes each list filter selects (spec 3: 9 is 4 and 5, 10 is 6 and 8). */
export const ORDER_FILTER_CODES: Readonly<Record<string, readonly string[]>> = {
  '4': ['4'], '5': ['5'], '6': ['6'], '8': ['8'], '9': ['4', '5'], '10': ['6', '8'],
};


/** The code of a word in a vocabulary of statuses (`cancelled` of the legacy orders is `'4'`). */
export function statusCode<S extends Status>(statuses: readonly S[], word: S['word']): S['code'] {
  return statuses.find((s) => s.word === word && !s.alias)!.code;
}

/** The same as a number (the sandbox's records keep them so). */
export function statusNumber<S extends Status>(statuses: readonly S[], word: S['word']): number {
  return Number(statusCode(statuses, word));
}

/** The word of a code, or undefined when the vocabulary has none. */
export function statusWord(statuses: readonly Status[], code: string): string | undefined {
  return statuses.find((s) => s.code === code)?.word;
}

/** A status as messages say it: `pending (4)`; a code the vocabulary lacks as it is. */
export function statusSaid(statuses: readonly Status[], code: string): string {
  const word = statusWord(statuses, code);
  return word === undefined ? code : `${word} (${code})`;
}

/** Spellings users also type, by the word they mean. */
const SYNONYMS: Readonly<Record<string, string>> = { canceled: 'cancelled', partial: 'partially_filled', new: 'pending' };

/** The code a user's word or code stands for among the filters, or undefined (any case; `canceled` too). */
export function statusFilterCode(statuses: readonly Status[], typed: string): string | undefined {
  const w = typed.trim().toLowerCase().replace(/[- ]/g, '_');
  const t = SYNONYMS[w] ?? w;
  const hit = statuses.find((s) => s.filter && !s.alias && (s.code === t || s.word === t));
  return hit?.code;
}

/** The words of every filter, for usage lines and completion. */
export function filterWords(statuses: readonly Status[]): string[] {
  return statuses.filter((s) => s.filter && !s.alias).map((s) => s.word);
}

/** `word (code)` of every filter, for help and error messages. */
export function filterChoices(statuses: readonly Status[]): string[] {
  return statuses.filter((s) => s.filter && !s.alias).map((s) => `${s.word} (${s.code})`);
}

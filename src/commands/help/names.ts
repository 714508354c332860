/** The help topics' names: all that `bm --help` and completion need, so neither loads a topic's text. */
export const TOPICS = ['environment', 'exit-codes', 'output', 'errors', 'vocabulary', 'limits', 'writes', 'sandbox', 'profiles', 'trade-keys', 'library'] as const;

/** One help topic. */
export type Topic = (typeof TOPICS)[number];

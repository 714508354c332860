/** The help topics' names: all that `bm --help` and completion need, so neither loads a topic's text. */
/** Every topic of `bm help <topic>`, in the order `bm --help` lists them. */
export const TOPICS = ['environment', 'exit-codes', 'output', 'errors', 'vocabulary', 'limits', 'writes', 'sandbox', 'profiles', 'trade-keys', 'library', 'algo', 'bots'] as const;

/** One help topic. */
export type Topic = (typeof TOPICS)[number];

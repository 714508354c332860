/** A record of an answer as read (lossless JSON): what the domain judges and what render prints. */
export type Row = Record<string, unknown>;

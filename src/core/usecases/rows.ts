/** The rows of an answer, as every face lists them (one record is a list of one). */
export * from '../rows.js';

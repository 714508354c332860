// `node --import ./register.mjs`: appends every module URL the process loads to $BM_LOAD_LOG.
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url);

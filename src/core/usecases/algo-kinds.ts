/**
 * The kinds of conditional order as the faces read them to declare themselves (the command line's
 * commands and options, the help, the docs, the library's types): the registry and the names of its
 * inputs. Light on purpose: the command line declares its commands from it at start-up.
 */
export { commonInputs, KINDS, kindOf, placesOrders, type AlgoInput, type KindDef, type KindInput } from '../algo/kinds/index.js';
export { flagName, paramName } from '../algo/plan.js';

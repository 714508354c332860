'use strict';
// conf's default export as the module itself: main.cjs imports it the way Node imports CommonJS
// (the default is module.exports), as the unbundled ES module import does.
module.exports = require('conf').default;

/**
 * Any endpoint by method and path (`bm api`, `client.api`): the path read as a route of either generation
 * as a venue may read it, and an endpoint the catalogue lacks made for the write pipeline.
 */
export { readApiPath, readMethod, sendsQuery, type CurrentRoute, type LegacyRoute } from '../api-route.js';
export { uncatalogued, type Sender } from '../api-channel.js';
export { readApiCall, type ApiCall } from '../api-call.js';

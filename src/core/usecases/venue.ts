/** Where a library client's venue is (an address given, or the command line's profiles) and how its calls are wired. Light: the library's entry loads it. */
export { explicitVenue, type LibVenue, type VenueOrigin, type Wiring } from '../venue.js';

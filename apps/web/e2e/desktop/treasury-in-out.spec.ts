import { inOutJourneys } from '../support/in-out-journeys.ts';

// Treasury › In & out on a desktop: the grid, the filter bar and the side drawer.
inOutJourneys(false);

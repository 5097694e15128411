import { inOutJourneys } from '../support/in-out-journeys.ts';

// /m/treasury/in-out on a phone: cards, the filter sheet and the full-screen movement.
inOutJourneys(true);

/**
 * The customer journeys in Firefox ESR (headless, over WebDriver BiDi): see
 * test/support/engines/journeys.ts, and docs/decisions.md, "Three engines", for what Firefox does
 * differently.
 */
import { engineJourneys } from '../../support/engines/journeys';
import { firefox } from '../../support/engines/firefox';

engineJourneys(firefox);

/**
 * The customer journeys in WebKit (WebKitGTK's MiniBrowser over classic WebDriver): see
 * test/support/engines/journeys.ts, and docs/decisions.md, "Three engines", for what WebKit does
 * differently.
 */
import { engineJourneys } from '../../support/engines/journeys';
import { webkit } from '../../support/engines/webkit';

engineJourneys(webkit);

/** `npm run reset`: deletes the local stack's data (.data/), so the next start seeds afresh. */
import { rm } from 'node:fs/promises';
import { DATA_DIR } from './config';

await rm(DATA_DIR, { recursive: true, force: true });
console.log(`Removed ${DATA_DIR}. The next \`npm start\` creates fresh demo data.`);

/**
 * CDK entry point (`cdk.json` → `npx tsx infra/bin/app.ts`). Settings come from context; see
 * docs/deploy.md. Fails early, listing every missing handler, on a missing required setting, and on
 * any unacknowledged cdk-nag (AWS Solutions) error.
 */
import { App } from 'aws-cdk-lib';
import { defineShutterlaneApp } from '../stacks/shutterlane';

const app = new App();
defineShutterlaneApp(app);
app.synth();

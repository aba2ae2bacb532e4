/**
 * Vitest global setup of the unit and infra projects: the project's temporary files go to a folder of
 * their own (its TMPDIR, vitest.config.ts), made here and removed when the project ends. The CDK makes a
 * `cdk.out*` folder in the temporary directory for every app synthesized without an outdir, and leaves it:
 * about 70 folders and 400 MB a run, which would pile up in the machine's temporary directory.
 */
import { mkdirSync, rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';

export default function setup(project: TestProject): () => void {
  const folder = project.config.env.TMPDIR;
  if (!folder) throw new Error(`the ${project.name} project has no TMPDIR of its own`);
  mkdirSync(folder, { recursive: true });
  return () => rmSync(folder, { recursive: true, force: true });
}

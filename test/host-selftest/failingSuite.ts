import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { runMochaFiles } from '../integration/support/mochaRunner';

/** A suite with one failing test: the launcher must exit non-zero. */
export function run(): Promise<void> {
  const file = join(tmpdir(), `petstore-failing-${process.pid}.test.js`);
  writeFileSync(file, `it('fails on purpose', () => { throw new Error('deliberate failure'); });`);
  return runMochaFiles([file]);
}

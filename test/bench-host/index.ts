import { join } from 'node:path';
import { runMochaFiles } from '../integration/support/mochaRunner';

/** Entry point of the activation benchmark's suite (bench/activation.ts runs it in the host). */
export function run(): Promise<void> {
  return runMochaFiles([join(__dirname, 'activation.test.js')]);
}

/** What the JavaScript and TypeScript rewriters share: the helper's doc comment, the call's edit. */
import { extname } from 'node:path';
import { helperDocLines } from '../helperDoc';

export function isTypeScript(path: string): boolean {
  return /^\.(ts|tsx|mts|cts)$/.test(extname(path));
}

/** The doc comment every helper starts with: what it replaces, how, what it answers, its reach. */
export function helperDoc(...answers: string[]): string[] {
  return ['/**', ...helperDocLines(answers).map((line) => ` * ${line}`), ' */'];
}

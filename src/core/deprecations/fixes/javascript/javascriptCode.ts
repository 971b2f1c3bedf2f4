/** What the JavaScript and TypeScript rewriters share: the helper's doc comment, the call's edit. */
import { extname } from 'node:path';
import { helperDocLines } from '../helperDoc';

export function isTypeScript(path: string): boolean {
  return /^\.(ts|tsx|mts|cts)$/.test(extname(path));
}

/**
 * Whether the code at `offset` is TypeScript: a TypeScript file, or a component's script written
 * in it (`<script setup lang="ts">` in Vue, `<script lang="ts">` in Svelte), whose type check
 * (vue-tsc, svelte-check) reads the helper's types as a .ts file's.
 */
export function isTypeScriptAt(path: string, text: string, offset: number): boolean {
  if (isTypeScript(path)) return true;
  if (!/\.(vue|svelte)$/i.test(path)) return false;
  const opening = text.slice(0, offset).lastIndexOf('<script');
  if (opening < 0) return false;
  const tag = text.slice(opening, text.indexOf('>', opening) + 1);
  return /\blang\s*=\s*["'](?:ts|typescript)["']/i.test(tag);
}

/** The doc comment every helper starts with: what it replaces, how, what it answers, its reach. */
export function helperDoc(...answers: string[]): string[] {
  return ['/**', ...helperDocLines(answers).map((line) => ` * ${line}`), ' */'];
}

/**
 * One file's migration, for any front end: its requests rewritten (fixFile), the edits applied,
 * and what was left with the reason. The front end reads the text and writes the result.
 */
import type { Finding } from '../engine';
import type { LanguageSupport } from '../lexers/languages';
import { fixFile, type FileFix } from './fixFile';
import { rewritersFor } from './rewriters';
import { applyEdits } from './sourceEdit';

export interface MigratedText extends FileFix {
  /** The file's text after the edits (the same text when nothing was rewritten). */
  next: string;
}

/** The request findings a migration rewrites: requests (not wrappers' calls, not routes). */
export function isRequest(finding: Finding): boolean {
  return finding.kind === 'url' || finding.kind === 'operation';
}

export function migrateText(
  file: {
    path: string;
    text: string;
    language: LanguageSupport;
    moduleText?: (specifier: string) => string | undefined;
  },
  requests: readonly Finding[],
): MigratedText {
  const fix = fixFile(file, requests.filter(isRequest), rewritersFor(file.language.family));
  return { ...fix, next: fix.edits.length ? applyEdits(file.text, fix.edits) : file.text };
}

/**
 * What a scan found in a file, keyed by the text it was found in: a digest of that text, the
 * language it was read as and the engine's findings at the minimum confidence. A migration reads
 * the file again before rewriting it and must rewrite what that text holds; while the text is the
 * same (by content, never by a date: a file rewritten within the same second keeps its mtime), the
 * engine would find the same, so the scan's findings serve instead of a second scan.
 */
import { createHash } from 'node:crypto';
import type { Finding } from '../engine';
import { languageName, type LanguageSupport } from '../lexers/languages';

export interface ScannedText {
  /** SHA-256 of the text as scanned (UTF-8, after the byte-order mark). */
  digest: string;
  /** The language it was scanned as (languageName). */
  language: string;
  /**
   * The engine's findings in that text at the scan's minimum confidence, before a command's own
   * filter (changed lines): what a second scan of the same text would give.
   */
  findings: Finding[];
}

export function textDigest(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('base64');
}

/** The record of one scan of `text`; undefined for a language without a name (never compared). */
export function scannedTextOf(
  text: string,
  language: LanguageSupport,
  findings: readonly Finding[],
): ScannedText | undefined {
  const name = languageName(language);
  return name === undefined
    ? undefined
    : { digest: textDigest(text), language: name, findings: [...findings] };
}

/**
 * The scan's findings for `text` read as `language` when the scan read that very text as that
 * language; undefined when there is no record or anything differs (then the text must be scanned).
 */
export function findingsIfUnchanged(
  scanned: ScannedText | undefined,
  text: string,
  language: LanguageSupport,
): Finding[] | undefined {
  if (!scanned || scanned.language !== languageName(language)) return undefined;
  return scanned.digest === textDigest(text) ? scanned.findings : undefined;
}

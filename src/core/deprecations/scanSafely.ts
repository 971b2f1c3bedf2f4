import type { Finding } from './engine';
import type { LanguageSupport } from './lexers/languages';

/** One file's scan: its findings, or why the engine failed on it (then no findings). */
export type FileScan =
  { findings: Finding[]; failure?: undefined } | { findings: []; failure: string };

/** Longest failure text kept: an error's message may quote the file. */
const FAILURE_CHARS = 200;

/**
 * Scans one file, keeping an unexpected engine failure to that file: a front end notes it and goes
 * on with the others (a CLI run, a workspace scan), instead of losing every other file's findings.
 */
export function scanSafely(
  engine: { scan(text: string, language: LanguageSupport): Finding[] },
  text: string,
  language: LanguageSupport,
): FileScan {
  try {
    return { findings: engine.scan(text, language) };
  } catch (error) {
    const described = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return {
      findings: [],
      failure:
        described.length > FAILURE_CHARS ? `${described.slice(0, FAILURE_CHARS)}…` : described,
    };
  }
}

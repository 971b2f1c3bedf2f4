import { DiagnosticSeverity, DiagnosticTag, type Diagnostic } from 'vscode-languageserver';
import type { Finding } from '../core/deprecations/engine';
import { findingDiagnostic, type DiagnosticData } from '../core/deprecations/findingDiagnostic';
import type { LanguageSupport } from '../core/deprecations/lexers/languages';
import { RULE_ID } from '../core/deprecations/rule';
import { severityOf, type DeprecationSettings } from './settings';

export const DIAGNOSTIC_SOURCE = 'petstore';

export type { DiagnosticData };

/** A finding as an LSP diagnostic (core/deprecations/findingDiagnostic.ts: the browser's too). */
export function toDiagnostic(
  finding: Finding,
  language: LanguageSupport,
  settings: DeprecationSettings,
  explanationUri: string,
  /** The URI of a related place's file. */
  uriOf: (path: string) => string,
  baselined = false,
  /** How the message names a file of a wrapper call's way: relative to its workspace folder. */
  display: (path: string) => string = (path) => path,
): Diagnostic {
  const shown = findingDiagnostic(finding, language, baselined, display);
  return {
    range: shown.range,
    severity: shown.hint ? DiagnosticSeverity.Hint : severityOf(settings),
    source: DIAGNOSTIC_SOURCE,
    code: RULE_ID,
    codeDescription: { href: explanationUri },
    tags: [DiagnosticTag.Deprecated],
    message: shown.message,
    ...(shown.related
      ? {
          relatedInformation: shown.related.map(({ path, line, character, message }) => ({
            location: {
              uri: uriOf(path),
              range: { start: { line, character }, end: { line, character } },
            },
            message,
          })),
        }
      : {}),
    data: shown.data,
  };
}

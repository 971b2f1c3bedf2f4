import { DiagnosticSeverity, DiagnosticTag, type Diagnostic } from 'vscode-languageserver';
import type { Finding } from '../core/deprecations/engine';
import type { LanguageSupport } from '../core/deprecations/lexers/languages';
import { BASELINED_NOTE, POSSIBLE_NOTE, RULE_ID, findingMessage } from '../core/deprecations/rule';
import { severityOf, type DeprecationSettings } from './settings';

export const DIAGNOSTIC_SOURCE = 'petstore';

/** Carried on each diagnostic so the quick fix knows where, and in which syntax, to comment. */
export interface DiagnosticData {
  anchorLine: number;
  lineComment: string;
}

export function toDiagnostic(
  finding: Finding,
  language: LanguageSupport,
  settings: DeprecationSettings,
  explanationUri: string,
  baselined = false,
): Diagnostic {
  const data: DiagnosticData = {
    anchorLine: finding.anchorLine,
    lineComment: language.lineComment,
  };
  return {
    range: { start: finding.start, end: finding.end },
    // A string whose use is not seen, or a call the baseline accepts, is shown only as a hint
    // (the problem count skips it).
    severity:
      baselined || finding.confidence === 'possible'
        ? DiagnosticSeverity.Hint
        : severityOf(settings),
    source: DIAGNOSTIC_SOURCE,
    code: RULE_ID,
    codeDescription: { href: explanationUri },
    tags: [DiagnosticTag.Deprecated],
    message:
      findingMessage(finding.detail, finding.kind) +
      (baselined ? BASELINED_NOTE : finding.confidence === 'possible' ? POSSIBLE_NOTE : ''),
    data,
  };
}

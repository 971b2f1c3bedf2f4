import { pathToFileURL } from 'node:url';
import {
  DiagnosticSeverity,
  DiagnosticTag,
  type Diagnostic,
  type DiagnosticRelatedInformation,
} from 'vscode-languageserver';
import type { ChainLink, Finding } from '../core/deprecations/engine';
import type { LanguageSupport } from '../core/deprecations/lexers/languages';
import {
  BASELINED_NOTE,
  POSSIBLE_NOTE,
  RULE_ID,
  chainText,
  findingMessage,
} from '../core/deprecations/rule';
import { severityOf, type DeprecationSettings } from './settings';

export const DIAGNOSTIC_SOURCE = 'petstore';

/**
 * Carried on each diagnostic so the quick fixes know where, and in which syntax, to comment, and
 * where the request to migrate is (a wrapper's call: the request its way ends at).
 */
export interface DiagnosticData {
  anchorLine: number;
  lineComment: string;
  requestAt?: { path: string; line: number; character: number };
}

export function toDiagnostic(
  finding: Finding,
  language: LanguageSupport,
  settings: DeprecationSettings,
  explanationUri: string,
  baselined = false,
  /** How the message names a file of a wrapper call's way: relative to its workspace folder. */
  display: (path: string) => string = (path) => path,
): Diagnostic {
  const chain = finding.via && chainText(finding.via, display);
  const request = finding.kind === 'wrapper' ? finding.via?.[finding.via.length - 1] : undefined;
  const data: DiagnosticData = {
    anchorLine: finding.anchorLine,
    lineComment: language.lineComment,
    ...(request
      ? { requestAt: { path: request.path, line: request.line, character: request.character } }
      : {}),
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
      findingMessage(finding.detail, finding.kind, undefined, chain) +
      (baselined ? BASELINED_NOTE : finding.confidence === 'possible' ? POSSIBLE_NOTE : ''),
    ...(finding.via ? { relatedInformation: relatedInformationOf(finding) } : {}),
    data,
  };
}

/**
 * Each step of a wrapper call's way to the request, or where a mounted router's route is mounted,
 * as a location the editor links to.
 */
function relatedInformationOf(finding: Finding): DiagnosticRelatedInformation[] {
  const via: readonly ChainLink[] = finding.via ?? [];
  return via.map((link, index) => {
    const at = { line: link.line, character: link.character };
    return {
      location: { uri: pathToFileURL(link.path).href, range: { start: at, end: at } },
      message:
        finding.kind === 'serves'
          ? `mounts this router: ${link.name}`
          : index === via.length - 1
            ? `sends GET /pets/{petId}: ${link.name}`
            : `calls ${link.name}`,
    };
  });
}

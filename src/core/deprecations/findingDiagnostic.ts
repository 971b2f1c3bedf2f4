/**
 * A finding as the editor shows it, the same in every front end (the language server's
 * diagnostics, the browser's): its message, whether it is only a hint, its way to the request as
 * related places, and the data the quick fixes read. Each front end turns it into its own
 * diagnostic type and names the related files as its editor does (file URLs, workspace URIs).
 */
import type { ChainLink, Finding } from './engine';
import type { LanguageSupport } from './lexers/languages';
import { BASELINED_NOTE, POSSIBLE_NOTE, chainText, findingMessage } from './rule';

/**
 * Carried on each diagnostic so the quick fixes know where, and in which syntax, to comment, and
 * where the request to migrate is (a wrapper's call: the request its way ends at).
 */
export interface DiagnosticData {
  anchorLine: number;
  lineComment: string;
  requestAt?: { path: string; line: number; character: number };
}

/** A related place: a step of a wrapper call's way, or where a router is mounted. */
export interface RelatedPlace {
  path: string;
  line: number;
  character: number;
  message: string;
}

export interface FindingDiagnostic {
  range: Pick<Finding, 'start' | 'end'>;
  /** A hint (a possible call, or one the baseline accepts), else the configured severity. */
  hint: boolean;
  message: string;
  related?: RelatedPlace[];
  data: DiagnosticData;
}

export function findingDiagnostic(
  finding: Finding,
  language: LanguageSupport,
  baselined = false,
  /** How the message names a file of a wrapper call's way: relative to its workspace folder. */
  display: (path: string) => string = (path) => path,
): FindingDiagnostic {
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
    hint: baselined || finding.confidence === 'possible',
    message:
      findingMessage(finding.detail, finding.kind, undefined, chain) +
      (baselined ? BASELINED_NOTE : finding.confidence === 'possible' ? POSSIBLE_NOTE : ''),
    ...(finding.via ? { related: relatedPlacesOf(finding) } : {}),
    data,
  };
}

/**
 * Each step of a wrapper call's way to the request, or where a mounted router's route is mounted,
 * as a place the editor links to.
 */
function relatedPlacesOf(finding: Finding): RelatedPlace[] {
  const via: readonly ChainLink[] = finding.via ?? [];
  return via.map((link, index) => ({
    path: link.path,
    line: link.line,
    character: link.character,
    message:
      finding.kind === 'serves'
        ? `mounts this router: ${link.name}`
        : index === via.length - 1
          ? `sends GET /pets/{petId}: ${link.name}`
          : `calls ${link.name}`,
  }));
}

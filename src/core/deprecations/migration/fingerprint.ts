/**
 * Around the engine, migration/: what a team needs to run the migration (fingerprints, the
 * baseline). Takes findings with their file's text; returns stable identities and verdicts.
 * Imports the engine's types and rule; the reports may use it.
 */
import { createHash } from 'node:crypto';
import type { Finding } from '../engine';
import { RULE_ID } from '../rule';

/** A finding with the identity that survives unrelated edits. */
export interface FingerprintedFinding {
  finding: Finding;
  /** The call's text, white space collapsed (what a reviewer reads in the baseline). */
  call: string;
  /** sha256 of rule, path, call and occurrence, 32 hex digits. */
  fingerprint: string;
}

/**
 * Fingerprints of one file's findings: the rule, the file's path relative to the repository root
 * ('/'-separated), the normalised text of the call (its statement's lines from the anchor to the
 * finding's end, white space collapsed) and its occurrence among identical calls in the file.
 * Never the line number: moving code, re-indenting and editing other lines keep the fingerprint;
 * editing the call's own lines, or renaming the file, makes a new one.
 */
export function fingerprintFindings(
  relativePath: string,
  text: string,
  findings: readonly Finding[],
): FingerprintedFinding[] {
  const lines = text.split(/\r\n|\r|\n/);
  const seen = new Map<string, number>();
  return findings.map((finding) => {
    const call = normalisedCall(lines, finding);
    const occurrence = seen.get(call) ?? 0;
    seen.set(call, occurrence + 1);
    const fingerprint = createHash('sha256')
      .update(`${RULE_ID}\u0000${relativePath}\u0000${call}\u0000${occurrence}`)
      .digest('hex')
      .slice(0, 32);
    return { finding, call, fingerprint };
  });
}

/** Longest call text kept: a minified line must not make the baseline huge. */
const MAX_CALL_LENGTH = 300;

function normalisedCall(lines: readonly string[], finding: Finding): string {
  const first = Math.min(finding.anchorLine, finding.start.line);
  const last = finding.end.line;
  let text = '';
  for (let line = first; line <= last && line < lines.length; line++) {
    let content = lines[line]!;
    // A long (minified) line is cut around the finding: the call, not the whole line.
    if (content.length > MAX_CALL_LENGTH && line === finding.start.line) {
      const end = line === last ? finding.end.character : content.length;
      content = content.slice(Math.max(0, finding.start.character - 80), end + 40);
    }
    text += ` ${content}`;
  }
  const collapsed = text.replace(/\s+/g, ' ').trim();
  return collapsed.length > MAX_CALL_LENGTH ? collapsed.slice(0, MAX_CALL_LENGTH) : collapsed;
}

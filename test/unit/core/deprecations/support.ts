import assert from 'node:assert/strict';
import {
  DeprecationEngine,
  type EngineOptions,
  type Finding,
} from '../../../../src/core/deprecations/engine';
import {
  DEFAULT_MINIMUM_CONFIDENCE,
  meetsConfidence,
} from '../../../../src/core/deprecations/model/confidence';
import { languageOfPath } from '../../../../src/core/deprecations/lexers/languages';

/** The findings in `code` at every confidence, as if it were a file named `name`. */
export function findingsIn(name: string, code: string, options: EngineOptions = {}): Finding[] {
  const language = languageOfPath(name, code.split('\n', 1)[0]);
  if (!language) throw new Error(`no language for ${name}`);
  return new DeprecationEngine(options).scan(code, language);
}

/** Lines (1-based) of the findings in `code` at every confidence, as if it were a file named `name`. */
export function findingLines(name: string, code: string, options: EngineOptions = {}): number[] {
  return findingsIn(name, code, options).map((finding) => finding.start.line + 1);
}

/** Lines (1-based) of the findings that reports count by default (certain and likely). */
export function reportedLines(name: string, code: string): number[] {
  return findingsIn(name, code)
    .filter((finding) => meetsConfidence(finding.confidence, DEFAULT_MINIMUM_CONFIDENCE))
    .map((finding) => finding.start.line + 1);
}

/** A case: file name, code, and the lines that must be findings (empty: none). */
export type Case = [name: string, code: string, lines: number[]];

/** One test per case: the findings, at any confidence, must be on exactly the expected lines. */
export function itFindsExactly(cases: readonly Case[]): void {
  itMatches(cases, findingLines);
}

/** One test per case: the findings reports count by default must be on exactly the expected lines. */
export function itReportsExactly(cases: readonly Case[]): void {
  itMatches(cases, reportedLines);
}

function itMatches(cases: readonly Case[], linesOf: (name: string, code: string) => number[]) {
  for (const [name, code, lines] of cases) {
    const expected = lines.length ? `line ${lines.join(', ')}` : 'nothing';
    it(`${name}: ${code.replace(/\n/g, ' ⏎ ')} → ${expected}`, () => {
      assert.deepEqual(linesOf(name, code), lines);
    });
  }
}

import assert from 'node:assert/strict';
import { DeprecationEngine, type EngineOptions } from '../../../../src/core/deprecations/engine';
import { languageOfPath } from '../../../../src/core/deprecations/lexers/languages';

/** Lines (1-based) of the findings in `code`, as if it were a file named `name`. */
export function findingLines(name: string, code: string, options: EngineOptions = {}): number[] {
  const language = languageOfPath(name, code.split('\n', 1)[0]);
  if (!language) throw new Error(`no language for ${name}`);
  return new DeprecationEngine(options)
    .scan(code, language)
    .map((finding) => finding.start.line + 1);
}

/** A case: file name, code, and the lines that must be findings (empty: none). */
export type Case = [name: string, code: string, lines: number[]];

/** One test per case: the findings must be on exactly the expected lines. */
export function itFindsExactly(cases: readonly Case[]): void {
  for (const [name, code, lines] of cases) {
    const expected = lines.length ? `line ${lines.join(', ')}` : 'nothing';
    it(`${name}: ${code.replace(/\n/g, ' ⏎ ')} → ${expected}`, () => {
      assert.deepEqual(findingLines(name, code), lines);
    });
  }
}

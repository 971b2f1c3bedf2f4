import assert from 'node:assert/strict';
import { DeprecationEngine, type Finding } from '../../../../src/core/deprecations/engine';
import { languageOfPath } from '../../../../src/core/deprecations/lexers/languages';
import { ALL_CASES } from './allCases';

/** Where a finding is, without its detail text (which may hold the line ends it spans). */
function placeOf(finding: Finding) {
  return { start: finding.start, end: finding.end, anchorLine: finding.anchorLine };
}

const LINE_ENDS: Record<string, (code: string) => string> = {
  CRLF: (code) => code.replace(/\n/g, '\r\n'),
  'lone CR': (code) => code.replace(/\n/g, '\r'),
  'mixed LF, CRLF and CR': (code) => {
    // Never a CR right before an LF: that pair is one CRLF line end, not two.
    let line = 0;
    return code.replace(/\n/g, () => ['\r\n', '\n', '\r'][line++ % 3]!);
  },
};

describe('deprecated getPet finder: LF, CRLF and lone CR all end a line (as in VS Code and LSP)', () => {
  const engine = new DeprecationEngine();
  for (const [endings, convert] of Object.entries(LINE_ENDS)) {
    describe(endings, () => {
      for (const [name, code] of ALL_CASES) {
        const language = languageOfPath(name, code.split('\n', 1)[0]);
        if (!language || !code.includes('\n')) continue;
        it(`${name}: ${code.replace(/\n/g, ' ⏎ ').slice(0, 100)}`, () => {
          const expected = engine.scan(code, language).map(placeOf);
          assert.deepEqual(engine.scan(convert(code), language).map(placeOf), expected);
        });
      }
    });
  }

  it('a file with lone CR line ends: each call on its own line and column', () => {
    const code = 'const a = 1;\rfetch(`/pets/${id}`);\r\rawait fetch(`/pets/${other}`);\r';
    const found = engine.scan(code, languageOfPath('a.ts')!);
    assert.deepEqual(
      found.map((finding) => [finding.start.line, finding.start.character]),
      [
        [1, 6],
        [3, 12],
      ],
    );
  });
});

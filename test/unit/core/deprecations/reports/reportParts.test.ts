import assert from 'node:assert/strict';
import type { Finding } from '../../../../../src/core/deprecations/engine';
import {
  codeQualityReport,
  githubReport,
  jsonReport,
  junitReport,
  textReport,
  type FileFindings,
  type ReportContext,
} from '../../../../../src/core/deprecations/reports/report';
import { RULE_ID, findingMessage } from '../../../../../src/core/deprecations/rule';

const context: ReportContext = {
  base: '/repo',
  toolVersion: 'test',
  now: new Date(Date.UTC(2030, 0, 1)),
  fingerprintOf: () => 'f'.repeat(32),
};

/** `count` findings spread over files of `perFile`, with odd characters in paths and details. */
function findings(count: number, perFile = 1000): FileFindings[] {
  const files: FileFindings[] = [];
  for (let index = 0; index < count; index++) {
    if (index % perFile === 0)
      files.push({ path: `/repo/src/dir ${files.length}/"odd" <&> ü.ts`, findings: [] });
    const line = index % perFile;
    const finding: Finding = {
      kind: index % 3 ? 'url' : 'operation',
      confidence: index % 2 ? 'certain' : 'likely',
      detail: index % 3 ? `{…}/pets/{…}?q="${index}"\\` : 'getPet',
      start: { line, character: 4 },
      end: { line, character: 20 },
      anchorLine: line,
    };
    files.at(-1)!.findings.push(finding);
  }
  return files;
}

const joined = (parts: Iterable<string>) => [...parts].join('');

describe('reports come in parts, never one string of the whole report', () => {
  it('JSON and Code Quality are exactly what JSON.stringify(…, null, 2) writes', () => {
    for (const report of [jsonReport, codeQualityReport]) {
      for (const count of [0, 1, 2, 2500]) {
        const text = joined(report(findings(count), context));
        assert.equal(text, `${JSON.stringify(JSON.parse(text), null, 2)}\n`);
        assert.equal((JSON.parse(text) as unknown[]).length, count);
      }
    }
    assert.equal(joined(jsonReport([], context)), '[]\n');
  });

  it("JSON: each entry holds the call's fields in a fixed order, as JSON.stringify writes them", () => {
    const files = findings(7, 3);
    const expected = files.flatMap((file) =>
      file.findings.map((finding) => ({
        file: `src/${file.path.slice('/repo/src/'.length)}`,
        line: finding.start.line + 1,
        column: finding.start.character + 1,
        endLine: finding.end.line + 1,
        endColumn: finding.end.character + 1,
        kind: finding.kind,
        confidence: finding.confidence,
        detail: finding.detail,
        ruleId: RULE_ID,
        message: findingMessage(finding.detail, finding.kind, context.now),
      })),
    );
    assert.equal(joined(jsonReport(files, context)), `${JSON.stringify(expected, null, 2)}\n`);
  });

  it('text and JSON: every call gets its own message, past the messages a report remembers', () => {
    // 2,500 calls: 1,666 different details (a report remembers the first 1,024) and one repeated.
    const files = findings(2500, 7);
    const calls = files.flatMap((file) => file.findings.map((finding) => ({ file, finding })));
    const message = (finding: Finding) => findingMessage(finding.detail, finding.kind, context.now);
    assert.deepEqual(
      (JSON.parse(joined(jsonReport(files, context))) as { message: string }[]).map(
        (entry) => entry.message,
      ),
      calls.map(({ finding }) => message(finding)),
    );
    assert.deepEqual(
      joined(textReport(files, context)).split('\n').slice(0, -1),
      calls.map(
        ({ file, finding }) =>
          `src/${file.path.slice('/repo/src/'.length)}:${finding.start.line + 1}:5: warning: ${message(finding)} [${RULE_ID}]`,
      ),
    );
  });

  it('text, JSON, Code Quality and JUnit: no part grows with the number of calls', () => {
    const many = findings(20_000);
    for (const report of [textReport, jsonReport, codeQualityReport, junitReport]) {
      let parts = 0;
      let longest = 0;
      for (const part of report(many, context)) {
        parts++;
        longest = Math.max(longest, part.length);
      }
      assert.ok(parts >= 20_000, `${report.name}: ${parts} parts`);
      assert.ok(longest < 2000, `${report.name}: a part of ${longest} characters`);
    }
  });

  it('text has one line per call; JUnit one failure per call and one case per file and for the rest', () => {
    const some = findings(5, 2);
    const text = joined(textReport(some, context));
    assert.equal(text.split('\n').length, 6);
    assert.match(text, /^src\/dir 0\/"odd" <&> ü\.ts:1:5: warning: /);
    const junit = joined(junitReport(some, context));
    assert.equal(junit.match(/<failure /g)?.length, 5);
    assert.equal(junit.match(/<testcase /g)?.length, 4);
    assert.ok(junit.endsWith('</testsuites>\n'));
  });

  it('text and GitHub annotations show control characters and bidi overrides, never obey them', () => {
    const files: FileFindings[] = [
      {
        path: '/repo/src/a\u001b[2Jb.ts',
        findings: [
          {
            kind: 'url',
            confidence: 'certain',
            detail: '{…}/pets/{…}\u202e\u2066',
            start: { line: 0, character: 0 },
            end: { line: 0, character: 5 },
            anchorLine: 0,
          },
        ],
      },
    ];
    const text = joined(textReport(files, context));
    assert.match(text, /^src\/a<U\+001B>\[2Jb\.ts:1:1: warning: .*<U\+202E><U\+2066>/);
    const annotations = joined(githubReport(files, context));
    assert.match(annotations, /::warning .*::.*<U\+202E><U\+2066>/);
    for (const output of [text, annotations.slice(annotations.indexOf('::', 3))])
      for (const acting of ['\u001b', '\u202e', '\u2066'])
        assert.ok(!output.includes(acting), JSON.stringify(acting));
  });
});

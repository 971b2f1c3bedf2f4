import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runNodeToExit } from '../../support/runToExit';

const BIN = resolve(__dirname, '../../../dist/cli/petstore-deprecations.js');
const WRAPPERS = resolve(__dirname, '../../fixtures/wrappers');

interface ScanFinding {
  file: string;
  line: number;
  kind: string;
  via?: { file: string; line: number }[];
}
interface PlanJson {
  headline: string;
  fixPoints: {
    file: string;
    line: number;
    owner: string;
    removes: number;
    callers: { file: string; line: number }[];
    fix?: string;
    manual?: string;
  }[];
}

describe('petstore-deprecations plan: the places to fix, from the same scan', function () {
  this.timeout(120_000);
  let repo: string;
  before(() => {
    repo = mkdtempSync(join(tmpdir(), 'petstore-plan-'));
    cpSync(WRAPPERS, repo, { recursive: true });
    writeFileSync(join(repo, 'CODEOWNERS'), '* @org/platform\n/web/ @org/frontend\n');
    execFileSync('git', ['init', '-q'], { cwd: repo });
  });
  after(() => rmSync(repo, { recursive: true, force: true }));

  it('has one place per request the scan finds, each call through a wrapper under its request, most first', async () => {
    const scan = await runNodeToExit([BIN, 'scan', '--format', 'json', '.'], repo);
    const findings = JSON.parse(scan.stdout) as ScanFinding[];
    const plan = await runNodeToExit([BIN, 'plan', '--format', 'json', '.'], repo);
    assert.equal(plan.code, 1, plan.stderr);
    const { headline, fixPoints } = JSON.parse(plan.stdout) as PlanJson;
    const requests = findings.filter((finding) => finding.kind !== 'wrapper');
    assert.deepEqual(
      fixPoints.map((point) => `${point.file}:${point.line}`).sort(),
      requests.map((finding) => `${finding.file}:${finding.line}`).sort(),
    );
    for (const point of fixPoints) {
      assert.equal(point.removes, point.callers.length + 1);
      assert.equal(point.owner, point.file.startsWith('web/') ? '@org/frontend' : '@org/platform');
      // Each caller's way, as the scan gives it, ends at this place.
      for (const caller of point.callers) {
        const found = findings.find((f) => f.file === caller.file && f.line === caller.line);
        assert.equal(found?.kind, 'wrapper');
        const request = found.via!.at(-1)!;
        assert.equal(`${request.file}:${request.line}`, `${point.file}:${point.line}`);
      }
      assert.ok(point.fix !== undefined || point.manual !== undefined, 'a verdict for each place');
    }
    const removes = fixPoints.map((point) => point.removes);
    assert.deepEqual(
      removes,
      [...removes].sort((a, b) => b - a),
    );
    const total = removes.reduce((sum, n) => sum + n, 0);
    assert.equal(total, findings.length, 'every call is under a place');
    assert.equal(headline, `Fix ${fixPoints.length} places to remove ${total} calls`);
  });

  it('says the same in text, in Markdown and in the progress report', async () => {
    const json = JSON.parse(
      (await runNodeToExit([BIN, 'plan', '--format', 'json', '.'], repo)).stdout,
    ) as PlanJson;
    const text = await runNodeToExit([BIN, 'plan', '.'], repo);
    assert.equal(text.stdout.split('\n')[0], json.headline);
    assert.match(text.stdout, /\n@org\/frontend: \d+ places?, \d+ calls?\n/);
    const markdown = await runNodeToExit([BIN, 'plan', '--format', 'markdown', '.'], repo);
    assert.equal(markdown.stdout.split('\n')[0], `## ${json.headline}`);
    const report = await runNodeToExit([BIN, 'report', '--format', 'html', '.'], repo);
    assert.equal(report.code, 0, report.stderr);
    assert.ok(report.stdout.includes(`<strong id="plan-headline">${json.headline}</strong>`));
    const first = json.fixPoints[0]!;
    assert.ok(
      report.stdout.includes(
        `<td class="number" data-removes="${first.removes}">${first.removes}</td><td class="where">${first.file}:${first.line}</td>`,
      ),
    );
  });

  it('exits 0 with nothing to fix, and 2 on a wrong format', async () => {
    const clean = mkdtempSync(join(tmpdir(), 'petstore-plan-clean-'));
    try {
      writeFileSync(join(clean, 'list.ts'), 'fetch(`${BASE}/pets?status=sold`);\n');
      const nothing = await runNodeToExit([BIN, 'plan', '.'], clean);
      assert.equal(nothing.code, 0, nothing.stderr);
      assert.equal(nothing.stdout, 'No calls to GET /pets/{petId}: nothing to fix\n');
      const wrong = await runNodeToExit([BIN, 'plan', '--format', 'sarif', '.'], clean);
      assert.equal(wrong.code, 2);
      assert.match(wrong.stderr, /--format must be text, json or markdown, not "sarif"/);
    } finally {
      rmSync(clean, { recursive: true, force: true });
    }
  });
});

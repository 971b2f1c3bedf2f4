import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';

const ROOT = resolve(__dirname, '../../..');
const TEMPLATE = join(ROOT, 'ci/gitlab/petstore-deprecations.gitlab-ci.yml');

interface Job {
  stage: string;
  image: string;
  script: string[];
  artifacts: { when: string; reports: { codequality: string } };
}

/**
 * GitLab's Code Quality report (docs.gitlab.com, "Code Quality report format"): an array of issues,
 * each with description, check_name, fingerprint, severity (info, minor, major, critical,
 * blocker) and location.path with location.lines.begin.
 */
function assertCodeQualityReport(report: unknown): void {
  assert.ok(Array.isArray(report), 'an array of issues');
  for (const issue of report as Record<string, unknown>[]) {
    assert.equal(typeof issue.description, 'string');
    assert.equal(typeof issue.check_name, 'string');
    assert.match(String(issue.fingerprint), /^\S+$/);
    assert.ok(['info', 'minor', 'major', 'critical', 'blocker'].includes(String(issue.severity)));
    const location = issue.location as { path?: unknown; lines?: { begin?: unknown } };
    assert.equal(typeof location.path, 'string');
    assert.ok(Number.isInteger(location.lines?.begin) && Number(location.lines?.begin) >= 1);
  }
}

describe('the GitLab CI template (ci/gitlab)', function () {
  this.timeout(60_000);
  const template = parse(readFileSync(TEMPLATE, 'utf8')) as Record<string, unknown> & {
    variables: Record<string, string>;
  };
  const job = template['petstore-deprecations'] as Job;

  it('is a job whose Code Quality report GitLab keeps, even when the job fails', () => {
    assert.equal(job.stage, 'test');
    assert.match(job.image, /^node:20/);
    assert.deepEqual(job.artifacts, {
      when: 'always',
      reports: { codequality: 'gl-code-quality-report.json' },
    });
    for (const name of ['PETSTORE_PACKAGE', 'PETSTORE_PATHS', 'PETSTORE_BASELINE'])
      assert.ok(name in template.variables, name);
  });

  /** Runs the job's script as GitLab's shell runner would (bash), with the template's variables. */
  function runJob(cwd: string, variables: Record<string, string> = {}) {
    const env = {
      ...process.env,
      ...template.variables,
      // The CLI from this checkout, as a repository path is one of the package forms.
      PETSTORE_PACKAGE: ROOT,
      ...variables,
    };
    return spawnSync('bash', ['-e', '-c', job.script.join('\n')], { cwd, env, encoding: 'utf8' });
  }

  it('writes a Code Quality report in GitLab’s format and fails on calls, or only reports them', () => {
    const repo = mkdtempSync(join(tmpdir(), 'petstore-gitlab-'));
    try {
      execFileSync('git', ['init', '-q'], { cwd: repo });
      writeFileSync(
        join(repo, 'a.ts'),
        'export const a = (id: string) => fetch(`/v1/pets/${id}`);\n',
      );
      const failing = runJob(repo);
      assert.equal(failing.status, 1, failing.stderr);
      const report = JSON.parse(
        readFileSync(join(repo, 'gl-code-quality-report.json'), 'utf8'),
      ) as {
        location: { path: string };
      }[];
      assertCodeQualityReport(report);
      assert.deepEqual(
        report.map((issue) => issue.location.path),
        ['a.ts'],
      );
      assert.equal(runJob(repo, { PETSTORE_ALLOW_CALLS: 'true' }).status, 0);
      // With a baseline of today's calls, only a new call fails the job.
      execFileSync(
        process.execPath,
        [join(ROOT, 'dist/cli/petstore-deprecations.js'), 'scan', '--write-baseline', 'b.json'],
        {
          cwd: repo,
          stdio: 'ignore',
        },
      );
      const clean = runJob(repo, { PETSTORE_BASELINE: 'b.json' });
      assert.equal(clean.status, 0, clean.stderr);
      assertCodeQualityReport(
        JSON.parse(readFileSync(join(repo, 'gl-code-quality-report.json'), 'utf8')),
      );
      // A path with shell syntax is a path, never run.
      const hostile = runJob(repo, { PETSTORE_PATHS: '. "; touch pwned; echo "' });
      // The words are paths: "." is scanned (its call fails the job), the others do not exist.
      assert.equal(hostile.status, 1);
      assert.equal(spawnSync('test', ['-e', join(repo, 'pwned')]).status, 1);
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });
});

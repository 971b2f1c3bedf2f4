import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { action, runActionSteps } from '../../support/githubAction';

const ROOT = resolve(__dirname, '../../..');
/** This checkout's CLI stands in for the installed package (the install step takes it as given). */
const CLI = join(ROOT, 'dist/cli/petstore-deprecations.js');
const runAction = (workspace: string, inputs: Record<string, string> = {}) =>
  runActionSteps(workspace, inputs, { PETSTORE_DEPRECATIONS: CLI });

describe('the GitHub Action (action.yml), run as a runner runs a composite action', function () {
  this.timeout(60_000);
  let repo: string;
  beforeEach(() => {
    repo = mkdtempSync(join(tmpdir(), 'petstore-action-'));
    mkdirSync(join(repo, 'src'));
    writeFileSync(
      join(repo, 'src/a.ts'),
      'export const a = (id: string) => fetch(`/v1/pets/${id}`);\n',
    );
    writeFileSync(join(repo, 'src/b.py'), 'pet = api.get_pet(7)\n');
    execFileSync('git', ['init', '-q'], { cwd: repo });
  });
  afterEach(() => rmSync(repo, { recursive: true, force: true }));

  it('is a composite action whose inputs and outputs are documented', () => {
    assert.equal(action.runs.using, 'composite');
    for (const name of ['paths', 'baseline', 'format', 'sarif', 'fail-on-new', 'changed-since'])
      assert.ok(action.inputs[name]?.description, `input ${name}`);
    assert.deepEqual(Object.keys(action.outputs).sort(), ['calls', 'history', 'sarif']);
  });

  it('annotates, summarises, writes SARIF for code scanning, sets outputs, and fails on calls', () => {
    const run = runAction(repo);
    assert.equal(run.status, 1);
    assert.equal(run.stdout.match(/^::warning file=src\/(a\.ts|b\.py),/gm)?.length, 2);
    assert.deepEqual(run.outputs, {
      calls: '2',
      sarif: 'petstore-deprecations.sarif',
      history: '',
    });
    const sarif = JSON.parse(readFileSync(join(repo, 'petstore-deprecations.sarif'), 'utf8')) as {
      runs: { results: unknown[]; automationDetails: { id: string } }[];
    };
    assert.equal(sarif.runs[0]!.results.length, 2);
    assert.equal(sarif.runs[0]!.automationDetails.id, 'petstore-deprecations/');
    assert.match(run.summary, /\*\*2\*\* calls found\./);
  });

  it('with a baseline, passes until a new call comes, and fail-on-new false only reports it', () => {
    execFileSync(
      process.execPath,
      [
        join(ROOT, 'dist/cli/petstore-deprecations.js'),
        'scan',
        '--write-baseline',
        'baseline.json',
      ],
      { cwd: repo, stdio: 'ignore' },
    );
    const clean = runAction(repo, { baseline: 'baseline.json', sarif: '' });
    assert.equal(clean.status, 0);
    assert.deepEqual(clean.outputs, { calls: '0', sarif: '', history: '' });
    writeFileSync(join(repo, 'src/c.go'), 'resp, err := http.Get(base + "/pets/" + id)\n');
    const fresh = runAction(repo, { baseline: 'baseline.json', sarif: '' });
    assert.equal(fresh.status, 1);
    assert.equal(fresh.outputs.calls, '1');
    assert.match(fresh.stdout, /^::warning file=src\/c\.go,/m);
    assert.equal(
      runAction(repo, { baseline: 'baseline.json', sarif: '', 'fail-on-new': 'false' }).status,
      0,
    );
  });

  it('history true writes the history beside the SARIF, and warns when the checkout is shallow', () => {
    const git = (cwd: string, ...args: string[]) =>
      execFileSync('git', args, {
        cwd,
        stdio: 'ignore',
        env: {
          ...process.env,
          GIT_AUTHOR_DATE: '2026-03-01T12:00:00Z',
          GIT_COMMITTER_DATE: '2026-03-01T12:00:00Z',
        },
      });
    git(repo, '-c', 'user.email=a@b', '-c', 'user.name=A', 'add', '-A');
    git(repo, '-c', 'user.email=a@b', '-c', 'user.name=A', 'commit', '-qm', 'calls');
    const run = runAction(repo, { history: 'true', 'history-since': '2026-02-01' });
    assert.equal(run.status, 1, run.stdout);
    assert.equal(run.outputs.history, 'petstore-deprecations.history.json');
    const history = JSON.parse(
      readFileSync(join(repo, 'petstore-deprecations.history.json'), 'utf8'),
    ) as { points: { date: string; total: number }[] };
    // 2026-02-01 is before the first commit: left out (a note says so), never counted as zero.
    assert.equal(history.points[0]!.date, '2026-03-01');
    assert.equal(history.points[0]!.total, 2);
    assert.equal(history.points.at(-1)!.total, 2);
    assert.doesNotMatch(run.stdout, /shallow/);
    const clone = mkdtempSync(join(tmpdir(), 'petstore-action-shallow-'));
    try {
      execFileSync('git', ['clone', '-q', '--depth', '1', `file://${repo}`, clone], {
        stdio: 'ignore',
      });
      const shallow = runAction(clone, { history: 'true', sarif: 'scan.sarif' });
      assert.match(
        shallow.stdout,
        /^::warning title=petstore-deprecations::the checkout is shallow/m,
      );
      assert.equal(shallow.outputs.history, 'scan.history.json');
      assert.ok(existsSync(join(clone, 'scan.history.json')));
    } finally {
      rmSync(clone, { recursive: true, force: true });
    }
  });

  it('runs no git of its own: every git process is the CLI’s hardened one (history and --changed-since)', () => {
    const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
    const bin = mkdtempSync(join(tmpdir(), 'petstore-action-git-'));
    const log = join(bin, 'calls.log');
    writeFileSync(
      join(bin, 'git'),
      `#!/bin/sh\nprintf '%s\\n' "$*" >> ${log}\nexec ${realGit} "$@"\n`,
      { mode: 0o755 },
    );
    try {
      execFileSync(
        'git',
        ['-c', 'user.email=a@b', '-c', 'user.name=A', 'commit', '-qm', 'calls', '--allow-empty'],
        { cwd: repo, stdio: 'ignore' },
      );
      const run = runActionSteps(
        repo,
        { history: 'true', 'changed-since': 'HEAD' },
        { PETSTORE_DEPRECATIONS: CLI, PATH: `${bin}:${process.env.PATH ?? ''}` },
      );
      assert.ok(run.status !== 2, run.stdout);
      const calls = readFileSync(log, 'utf8').split('\n').filter(Boolean);
      assert.ok(calls.length > 0, 'the recording git was used');
      for (const call of calls)
        // The hardened runner's (src/core/git), or its one read of the user's safe.directory entries.
        assert.ok(
          call.startsWith('--no-pager --no-optional-locks -c ') ||
            /^config --(system|global) --null --get-all safe\.directory$/.test(call),
          `git ${call}`,
        );
    } finally {
      rmSync(bin, { recursive: true, force: true });
    }
  });

  it('takes inputs as data: a path input with shell syntax runs nothing', () => {
    const run = runAction(repo, { paths: 'src "; touch pwned; echo "', sarif: '' });
    assert.equal(existsSync(join(repo, 'pwned')), false);
    // The words are paths: src is scanned (its calls fail the step), the others do not exist.
    assert.equal(run.status, 1);
    assert.equal(run.outputs.calls, '2');
  });
});

describe('the pre-commit hook (.pre-commit-hooks.yaml)', () => {
  it('runs the published CLI through a script on the staged files of the languages the finder reads', () => {
    const hooks = parse(readFileSync(join(ROOT, '.pre-commit-hooks.yaml'), 'utf8')) as {
      id: string;
      entry: string;
      language: string;
      types_or: string[];
    }[];
    assert.equal(hooks.length, 1);
    const hook = hooks[0]!;
    assert.equal(hook.id, 'petstore-deprecations');
    assert.equal(hook.language, 'script');
    assert.ok(existsSync(join(ROOT, hook.entry)), hook.entry);
    for (const tag of ['ts', 'javascript', 'python', 'go', 'java', 'shell'])
      assert.ok(hook.types_or.includes(tag), tag);
  });
});

import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseStringPromise } from 'xml2js';
import { runNodeToExit } from '../../support/runToExit';
import { assertValidSarif } from '../../support/sarifSchema';
import {
  SARIF_MAX_RESULTS,
  githubReport,
  junitReport,
  sarifReport,
} from '../../../src/core/deprecations/reports/report';

const BIN = resolve(__dirname, '../../../dist/cli/petstore-deprecations.js');

function run(args: string[], cwd: string) {
  return runNodeToExit([BIN, ...args], cwd);
}

const joined = (parts: Iterable<string>) => [...parts].join('');

describe('petstore-deprecations command line', () => {
  let tree: string;
  before(async () => {
    tree = await mkdtemp(join(tmpdir(), 'petstore-scan-'));
    await mkdir(join(tree, 'src/nested'), { recursive: true });
    await mkdir(join(tree, 'build'), { recursive: true });
    await writeFile(
      join(tree, 'src/client.ts'),
      'export const get = (id: string) =>\n  fetch(`${BASE}/pets/${id}`);\n',
    );
    await writeFile(
      join(tree, 'src/nested/list.py'),
      'requests.get(f"{BASE}/pets", params={"status": "sold"})\n',
    );
    await writeFile(join(tree, 'src/nested/one.py'), 'pet = api.get_pet(7)\n');
    await writeFile(join(tree, 'build/bundle.js'), 'fetch("/pets/" + id)\n');
    await writeFile(join(tree, '.gitignore'), 'build/\n');
    await writeFile(join(tree, 'README.md'), 'Call `GET /pets/{petId}` in the docs.\n');
  });
  after(() => rm(tree, { recursive: true, force: true }));

  it('prints file:line:col: warning: message lines and exits 1 when something is found', async () => {
    const { code, stdout } = await run(['scan'], tree);
    assert.equal(code, 1);
    const lines = stdout.trim().split('\n');
    assert.equal(lines.length, 2);
    assert.match(
      lines[0]!,
      /^src\/client\.ts:2:9: warning: Use GET \/pets with a status filter instead of `[^`]+`: GET \/pets\/\{petId\} \(getPet\) is deprecated, removed on 5 December 2030 \(\d+ days left\)/,
    );
    assert.match(lines[1]!, /^src\/nested\/one\.py:1:11: warning: .*`get_pet\(\)`/);
  });

  it('finds exactly the uses in realistic client files of thirteen languages and formats', async () => {
    // Each file mixes uses (marked with a USE comment next to them) with the list, create, delete,
    // sub-path, docstring, comment, log and error-message cases a real client has.
    const folder = resolve(__dirname, '../../fixtures/realistic');
    const { code, stdout } = await run(['scan', '--format', 'json', '.'], folder);
    assert.equal(code, 1);
    const found = (JSON.parse(stdout) as { file: string; line: number }[]).map(
      (finding) => `${finding.file}:${finding.line}`,
    );
    assert.deepEqual(found, [
      'PetClient.swift:28',
      'PetClient.swift:36',
      'PetGateway.php:18',
      'PetRepository.kt:12',
      'PetRepository.kt:21',
      'PetService.java:17',
      'PetsClient.cs:10',
      'PetsClient.cs:24',
      'client.go:11',
      'client.go:25',
      'client.rs:6',
      'fetch-pet.sh:7',
      'petClient.ts:21',
      'petClient.ts:29',
      'pet_client.dart:25',
      'pet_client.dart:33',
      'pet_client.rb:14',
      'pets.py:18',
      'pets.py:29',
      'pets.py:33',
      'requests.http:9',
    ]);
  });

  it('annotates a GitHub Actions run, escaping what workflow commands need escaped', async () => {
    const { code, stdout, stderr } = await run(['scan', '--format', 'github'], tree);
    assert.equal(code, 1);
    const lines = stdout.trim().split('\n');
    assert.equal(lines.length, 2);
    assert.match(
      lines[0]!,
      /^::warning file=src\/client\.ts,line=2,col=9,endLine=2,endColumn=29,title=Deprecated GET \/pets\/\{petId\} \(petstore\/deprecated-get-pet\)::Use GET \/pets with a status filter instead of `[^`]+`: GET \/pets\/\{petId\} \(getPet\) is deprecated, removed on 5 December 2030/,
    );
    // The summary goes to stderr: stdout holds only the report.
    assert.match(
      stderr,
      // Either way of listing files (ripgrep when on PATH, else the walker).
      /2 calls to the deprecated GET \/pets\/\{petId\} in 2 files \(\d+ files scanned(: the candidates ripgrep listed)?\)/,
    );
  });

  it('prints at most 10 annotations (what GitHub shows), a notice for the rest, and a job summary', async () => {
    const repo = await mkdtemp(join(tmpdir(), 'petstore-github-'));
    try {
      await mkdir(join(repo, 'web'));
      await mkdir(join(repo, 'api'));
      await writeFile(join(repo, 'web/a.ts'), 'fetch(`/pets/${id}`);\n'.repeat(9));
      await writeFile(join(repo, 'api/b.py'), 'requests.get(f"/pets/{pid}")\n'.repeat(3));
      const summary = join(repo, 'summary.md');
      await writeFile(summary, '# earlier step\n');
      const { code, stdout } = await runNodeToExit([BIN, 'scan', '--format', 'github'], repo, {
        ...process.env,
        GITHUB_STEP_SUMMARY: summary,
      });
      assert.equal(code, 1);
      const lines = stdout.trim().split('\n');
      assert.equal(lines.filter((line) => line.startsWith('::warning ')).length, 10);
      assert.match(lines[10]!, /^::notice title=More deprecated calls::2 more calls to GET/);
      const markdown = readFileSync(summary, 'utf8');
      assert.ok(markdown.startsWith('# earlier step\n'), 'appended, not overwritten');
      assert.match(markdown, /\*\*12\*\* calls found/);
      assert.match(markdown, /days left/);
      assert.match(markdown, /\| `web\/` \| 9 \|\n\| `api\/` \| 3 \|/);
      const more = await run(['scan', '--format', 'github', '--max-annotations', '20'], repo);
      assert.equal(more.stdout.trim().split('\n').length, 12);
    } finally {
      await rm(repo, { recursive: true, force: true });
    }
  });

  it('escapes %, line breaks, : and , in GitHub workflow command properties and data', () => {
    const position = (line: number, character: number) => ({ line, character });
    const report = joined(
      githubReport(
        [
          {
            path: '/repo/a,b:c.go',
            findings: [
              {
                kind: 'url',
                confidence: 'certain',
                detail: '%s/pets/%d',
                start: position(0, 4),
                end: position(0, 14),
                anchorLine: 0,
              },
            ],
          },
        ],
        { base: '/repo', toolVersion: 'test', now: new Date(Date.UTC(2030, 11, 4)) },
      ),
    );
    assert.match(report, /^::warning file=a%2Cb%3Ac\.go,line=1,col=5,endLine=1,endColumn=15,/);
    assert.match(report, /instead of `%25s\/pets\/%25d`: .*\(1 day left\)/);
    assert.equal(report.split('\n').length, 2, 'one line per finding, ending in a line break');
  });

  it('honours .gitignore (and scans ignored files with --no-gitignore)', async () => {
    assert.ok(!(await run(['scan'], tree)).stdout.includes('bundle.js'));
    assert.ok((await run(['scan', '--no-gitignore'], tree)).stdout.includes('build/bundle.js'));
  });

  it('exits 0 with no output when nothing is found', async () => {
    const { code, stdout } = await run(['scan', 'src/nested/list.py', 'README.md'], tree);
    assert.equal(code, 0);
    assert.equal(stdout, '');
  });

  it('writes a JSON array of findings', async () => {
    const { code, stdout } = await run(['scan', '--format', 'json', 'src'], tree);
    assert.equal(code, 1);
    const findings = JSON.parse(stdout) as {
      file: string;
      line: number;
      column: number;
      endLine: number;
      endColumn: number;
      kind: string;
    }[];
    assert.deepEqual(
      findings.map((f) => [f.file, f.line, f.column, f.endLine, f.endColumn, f.kind]),
      [
        ['src/client.ts', 2, 9, 2, 29, 'url'],
        ['src/nested/one.py', 1, 11, 1, 18, 'operation'],
      ],
    );
  });

  it('writes SARIF 2.1.0 that validates against the official schema', async () => {
    const { code, stdout } = await run(['scan', '--format', 'sarif'], tree);
    assert.equal(code, 1);
    const log = JSON.parse(stdout) as {
      version: string;
      runs: {
        tool: { driver: { rules: { id: string; help: { text: string } }[] } };
        results: {
          ruleId: string;
          locations: {
            physicalLocation: { artifactLocation: { uri: string }; region: Record<string, number> };
          }[];
        }[];
      }[];
    };
    assertValidSarif(log);
    assert.equal(log.version, '2.1.0');
    const [run0] = log.runs;
    assert.match(run0!.tool.driver.rules[0]!.help.text, /2030-12-05/);
    assert.equal(run0!.results.length, 2);
    assert.deepEqual(run0!.results[0]!.locations[0]!.physicalLocation.region, {
      startLine: 2,
      startColumn: 9,
      endLine: 2,
      endColumn: 29,
    });
    assert.equal(
      run0!.results[0]!.locations[0]!.physicalLocation.artifactLocation.uri,
      'src/client.ts',
    );
  });

  it('reports a route that serves the operation apart, as a hint; --count-routes counts it', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'petstore-routes-'));
    try {
      await writeFile(
        join(folder, 'mock.go'),
        'package mock\n\nfunc Routes(r chi.Router) {\n\tr.Get("/pets/{id}", getPet)\n}\n',
      );
      const quiet = await run(['scan', '--format', 'json'], folder);
      assert.equal(quiet.code, 0, 'a mock server does not fail the build');
      const hints = await run(['scan', '--format', 'json', '--confidence', 'possible'], folder);
      const [hint] = JSON.parse(hints.stdout) as {
        kind: string;
        confidence: string;
        message: string;
      }[];
      assert.deepEqual([hint!.kind, hint!.confidence], ['serves', 'possible']);
      assert.match(
        hint!.message,
        /^Serve GET \/pets with a status filter too.* serves the deprecated/,
      );
      const counted = await run(['scan', '--format', 'json', '--count-routes'], folder);
      assert.equal(counted.code, 1);
      const [call] = JSON.parse(counted.stdout) as { line: number; kind: string }[];
      assert.deepEqual([call!.line, call!.kind], [4, 'serves']);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('counts certain and likely findings by default; --confidence possible adds the rest, marked', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'petstore-confidence-'));
    try {
      await writeFile(join(folder, 'paths.ts'), "export const PET_PATH = '/pets/{petId}';\n");
      const quiet = await run(['scan', '--format', 'json'], folder);
      assert.equal(quiet.code, 0, 'a string whose use is not seen does not fail the build');
      assert.deepEqual(JSON.parse(quiet.stdout), []);

      const all = await run(['scan', '--format', 'json', '--confidence', 'possible'], folder);
      assert.equal(all.code, 1);
      const [finding] = JSON.parse(all.stdout) as { line: number; confidence: string }[];
      assert.deepEqual([finding!.line, finding!.confidence], [1, 'possible']);

      const sarif = await run(['scan', '--format', 'sarif', '--confidence', 'possible'], folder);
      const result = (
        JSON.parse(sarif.stdout) as {
          runs: { results: { level: string; rank: number; properties: { precision: string } }[] }[];
        }
      ).runs[0]!.results[0]!;
      assert.deepEqual(
        [result.level, result.rank, result.properties.precision],
        ['note', 20, 'low'],
      );

      const bad = await run(['scan', '--confidence', 'sure'], folder);
      assert.equal(bad.code, 2);
      assert.match(bad.stderr, /--confidence must be certain, likely, possible, not "sure"/);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('ratchets with a baseline: only new calls fail, and removed baselined calls are counted', async () => {
    const repo = await mkdtemp(join(tmpdir(), 'petstore-baseline-cli-'));
    try {
      await mkdir(join(repo, '.git'));
      await mkdir(join(repo, 'src'));
      const call = 'const pet = await fetch(`${BASE}/pets/${id}`);';
      await writeFile(join(repo, 'src/a.ts'), `${call}\n${call}\n`);
      await writeFile(join(repo, 'src/b.py'), 'r = requests.get(f"{BASE}/pets/{pid}")\n');
      const written = await run(['scan', '--write-baseline', 'baseline.json'], repo);
      assert.equal(written.code, 0, 'writing the baseline accepts today’s calls');
      assert.match(written.stderr, /wrote 3 baselined calls to baseline\.json/);
      const baseline = JSON.parse(readFileSync(join(repo, 'baseline.json'), 'utf8')) as {
        entries: { file: string }[];
      };
      assert.deepEqual(
        baseline.entries.map((entry) => entry.file),
        ['src/a.ts', 'src/a.ts', 'src/b.py'],
      );

      // Unrelated edits (moved down, re-indented) and one of the two identical calls removed.
      await writeFile(join(repo, 'src/a.ts'), `// header\n\n    ${call}\n`);
      const clean = await run(['scan', '--baseline', 'baseline.json'], repo);
      assert.equal(clean.code, 0);
      assert.equal(clean.stdout, '');
      assert.match(clean.stderr, /1 of 3 baselined calls are gone: run --write-baseline/);

      // A new call fails the build, and only it is reported; from a subfolder too.
      await writeFile(join(repo, 'src/c.ts'), 'fetch(`/v1/pets/${other}`);\n');
      const fresh = await run(
        ['scan', '--format', 'json', '--baseline', '../baseline.json', '.'],
        join(repo, 'src'),
      );
      assert.equal(fresh.code, 1);
      assert.deepEqual(
        (JSON.parse(fresh.stdout) as { file: string }[]).map((finding) => finding.file),
        ['c.ts'],
      );
      assert.match(fresh.stderr, /1 new call to the deprecated/);

      // Unusable baselines are errors, never an empty baseline.
      await writeFile(join(repo, 'corrupt.json'), '{ "version": 1, ');
      for (const [args, message] of [
        [['--baseline', 'corrupt.json'], /not valid JSON/],
        [['--baseline', 'missing.json'], /cannot read the baseline/],
        [['--write-baseline', 'no/such/dir/b.json'], /no folder/],
        [['--baseline', 'corrupt.json', '--write-baseline', 'b.json'], /one at a time/],
        [['--sarif', 'no/such/dir/r.sarif'], /cannot write the SARIF report .*: no folder/],
        [['--sarif', ''], /--sarif needs a file name/],
      ] as [string[], RegExp][]) {
        const result = await run(['scan', ...args], repo);
        assert.equal(result.code, 2, args.join(' '));
        assert.match(result.stderr, message);
      }
    } finally {
      await rm(repo, { recursive: true, force: true });
    }
  });

  it('writes SARIF with --sarif beside the format it prints, from the same scan', async () => {
    const repo = await mkdtemp(join(tmpdir(), 'petstore-sarif-out-'));
    try {
      await writeFile(join(repo, 'a.ts'), 'fetch(`/pets/${id}`);\n');
      const result = await run(['scan', '--format', 'github', '--sarif', 'out.sarif'], repo);
      assert.equal(result.code, 1);
      assert.match(result.stdout, /^::warning file=a\.ts,line=1,/);
      const log = JSON.parse(readFileSync(join(repo, 'out.sarif'), 'utf8')) as {
        runs: {
          results: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[];
        }[];
      };
      assert.deepEqual(
        log.runs[0]!.results.map(
          (item) => item.locations[0]!.physicalLocation.artifactLocation.uri,
        ),
        ['a.ts'],
      );
    } finally {
      await rm(repo, { recursive: true, force: true });
    }
  });

  it('gives SARIF results the baseline fingerprint, a category, and repository-relative URIs', async () => {
    const repo = await mkdtemp(join(tmpdir(), 'petstore-sarif-'));
    try {
      await mkdir(join(repo, '.git'));
      await mkdir(join(repo, 'web'));
      await writeFile(join(repo, 'web/a.ts'), 'fetch(`/pets/${id}`);\n');
      await run(['scan', '--write-baseline', 'b.json'], repo);
      const [entry] = (
        JSON.parse(readFileSync(join(repo, 'b.json'), 'utf8')) as {
          entries: { fingerprint: string }[];
        }
      ).entries;
      // Run from the subfolder: URIs stay relative to the repository root.
      const { stdout } = await run(
        ['scan', '--format', 'sarif', '--category', 'web/', '.'],
        join(repo, 'web'),
      );
      const [run0] = (
        JSON.parse(stdout) as {
          runs: {
            automationDetails: { id: string };
            originalUriBaseIds: { SRCROOT: { uri: string } };
            results: {
              partialFingerprints: Record<string, string>;
              locations: { physicalLocation: { artifactLocation: { uri: string } } }[];
            }[];
          }[];
        }
      ).runs;
      assert.equal(run0!.automationDetails.id, 'web/');
      assert.equal(fileURLToPath(run0!.originalUriBaseIds.SRCROOT.uri), `${repo}/`);
      assert.equal(
        run0!.results[0]!.locations[0]!.physicalLocation.artifactLocation.uri,
        'web/a.ts',
      );
      assert.deepEqual(run0!.results[0]!.partialFingerprints, {
        'petstoreCall/v1': entry!.fingerprint,
      });
    } finally {
      await rm(repo, { recursive: true, force: true });
    }
  });

  it('writes JUnit XML that a JUnit parser reads: a case per file with calls, a failure per call', async () => {
    const { code, stdout } = await run(['scan', '--format', 'junit'], tree);
    assert.equal(code, 1);
    const parsed = (await parseStringPromise(stdout)) as {
      testsuites: {
        $: { tests: string; failures: string };
        testsuite: {
          testcase: {
            $: { name: string; file?: string };
            failure?: { _: string; $: { type: string } }[];
          }[];
        }[];
      };
    };
    assert.deepEqual(
      { ...parsed.testsuites.$ },
      {
        name: 'petstore-deprecations',
        tests: '3',
        failures: '2',
      },
    );
    const cases = parsed.testsuites.testsuite[0]!.testcase;
    assert.deepEqual(
      cases.map((testCase) => [testCase.$.name, testCase.failure?.length ?? 0]),
      [
        ['src/client.ts', 1],
        ['src/nested/one.py', 1],
        ['no calls to GET /pets/{petId} in the other files', 0],
      ],
    );
    assert.equal(cases[0]!.failure![0]!.$.type, 'petstore/deprecated-get-pet');
    assert.match(
      cases[0]!.failure![0]!._,
      /^src\/client\.ts:2:9: Use GET \/pets with a status filter instead of .*: GET \/pets\/\{petId\} \(getPet\) is deprecated/,
    );
  });

  it('escapes what XML cannot hold as is in JUnit reports: & < > quotes, control characters', async () => {
    const position = { line: 0, character: 0 };
    const detail = `/pets/{…}?a=1&b=<x>"'\u0001`;
    const report = joined(
      junitReport(
        [
          {
            path: '/repo/<odd> & "name".ts',
            findings: [
              {
                kind: 'url',
                confidence: 'certain',
                detail,
                start: position,
                end: position,
                anchorLine: 0,
              },
            ],
          },
        ],
        { base: '/repo', toolVersion: 't' },
      ),
    );
    const parsed = (await parseStringPromise(report)) as {
      testsuites: {
        testsuite: { testcase: { $: { name: string }; failure?: { _: string }[] }[] }[];
      };
    };
    const [first] = parsed.testsuites.testsuite[0]!.testcase;
    assert.equal(first!.$.name, '<odd> & "name".ts');
    assert.ok(first!.failure![0]!._.includes(`?a=1&b=<x>"'\ufffd`));
  });

  it("writes GitLab Code Quality JSON with the documented fields and the baseline's fingerprints", async () => {
    const repo = await mkdtemp(join(tmpdir(), 'petstore-codequality-'));
    try {
      await mkdir(join(repo, '.git'));
      await writeFile(
        join(repo, 'a.ts'),
        "fetch(`/pets/${id}`);\nexport const P = '/pets/{petId}';\n",
      );
      await run(['scan', '--write-baseline', 'b.json', '--confidence', 'possible'], repo);
      const baseline = JSON.parse(readFileSync(join(repo, 'b.json'), 'utf8')) as {
        entries: { fingerprint: string }[];
      };
      const { stdout } = await run(
        ['scan', '--format', 'codequality', '--confidence', 'possible'],
        repo,
      );
      const issues = JSON.parse(stdout) as {
        description: string;
        check_name: string;
        fingerprint: string;
        severity: string;
        location: { path: string; lines: { begin: number } };
      }[];
      assert.equal(issues.length, 2);
      for (const issue of issues) {
        assert.equal(typeof issue.description, 'string');
        assert.equal(issue.check_name, 'petstore/deprecated-get-pet');
        assert.ok(['info', 'minor', 'major', 'critical', 'blocker'].includes(issue.severity));
        assert.equal(issue.location.path, 'a.ts');
      }
      assert.deepEqual(
        issues.map((issue) => [issue.location.lines.begin, issue.severity]),
        [
          [1, 'minor'],
          [2, 'info'],
        ],
      );
      assert.deepEqual(
        issues.map((issue) => issue.fingerprint).sort(),
        baseline.entries.map((entry) => entry.fingerprint).sort(),
      );
    } finally {
      await rm(repo, { recursive: true, force: true });
    }
  });

  it("keeps SARIF within code scanning's 25,000 results per run, and says so", () => {
    const position = { line: 0, character: 0 };
    const finding = {
      kind: 'url' as const,
      confidence: 'certain' as const,
      detail: '/pets/1',
      start: position,
      end: position,
      anchorLine: 0,
    };
    const findings = Array.from({ length: SARIF_MAX_RESULTS + 5 }, () => ({ ...finding }));
    const log = JSON.parse(
      sarifReport([{ path: '/repo/a.ts', findings }], { base: '/repo', toolVersion: 't' }),
    ) as {
      runs: {
        results: unknown[];
        invocations: { toolExecutionNotifications: { message: { text: string } }[] }[];
      }[];
    };
    assert.equal(log.runs[0]!.results.length, SARIF_MAX_RESULTS);
    assert.match(
      log.runs[0]!.invocations[0]!.toolExecutionNotifications[0]!.message.text,
      /25005 calls found; only the first 25000/,
    );
  });

  it('scans only what changed since a git revision (renames followed, deletions skipped), and only changed lines if asked', async () => {
    const repo = await mkdtemp(join(tmpdir(), 'petstore-pr-'));
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
        cwd: repo,
        stdio: 'pipe',
      });
    try {
      git('init', '-q', '-b', 'main');
      const call = 'fetch(`/pets/${id}`);\n';
      await writeFile(join(repo, 'untouched.ts'), call);
      await writeFile(join(repo, 'edited.ts'), `${call}const x = 1;\n`);
      await writeFile(join(repo, 'old name.ts'), call);
      await writeFile(join(repo, 'deleted.ts'), call);
      git('add', '.');
      git('commit', '-q', '-m', 'base');
      // The pull request: a line added to edited.ts, a rename, a deletion, a new file.
      await writeFile(join(repo, 'edited.ts'), `${call}const x = 1;\n${call}`);
      git('mv', 'old name.ts', 'new name.ts');
      git('rm', '-q', 'deleted.ts');
      git('commit', '-q', '-m', 'change');
      await writeFile(join(repo, 'brand-new.ts'), call);

      const files = async (...args: string[]) => {
        const { code, stdout, stderr } = await run(['scan', '--format', 'json', ...args], repo);
        assert.ok(code === 0 || code === 1, stderr);
        return (JSON.parse(stdout) as { file: string; line: number }[]).map(
          (finding) => `${finding.file}:${finding.line}`,
        );
      };
      assert.deepEqual(await files('--changed-since', 'HEAD~1'), [
        'brand-new.ts:1',
        'edited.ts:1',
        'edited.ts:3',
        'new name.ts:1',
      ]);
      // Only added or modified lines: the rename with no edit has none, the new file all of its.
      assert.deepEqual(await files('--changed-since', 'HEAD~1', '--only-changed-lines'), [
        'brand-new.ts:1',
        'edited.ts:3',
      ]);

      for (const [args, message] of [
        [['--changed-since', 'no-such-ref'], /unknown revision "no-such-ref"/],
        [['--only-changed-lines'], /needs --changed-since/],
      ] as [string[], RegExp][]) {
        const result = await run(['scan', ...args], repo);
        assert.equal(result.code, 2, args.join(' '));
        assert.match(result.stderr, message);
      }
      const outside = await mkdtemp(join(tmpdir(), 'petstore-no-git-'));
      const notGit = await run(['scan', '--changed-since', 'HEAD'], outside);
      await rm(outside, { recursive: true, force: true });
      assert.equal(notGit.code, 2);
      assert.match(notGit.stderr, /not in a git repository/);
    } finally {
      await rm(repo, { recursive: true, force: true });
    }
  });

  it('writes SARIF artifact URIs that resolve back to each file, whatever its name', async () => {
    const odd = await mkdtemp(join(tmpdir(), 'petstore-names-'));
    const names = [
      'a#b.ts',
      'q?x.ts',
      '100%.ts',
      'sp ace.ts',
      ':colon.ts',
      'ü ñ.ts',
      'dir #1/x.ts',
      '%2F.ts',
    ];
    try {
      for (const name of names) {
        await mkdir(join(odd, name, '..'), { recursive: true });
        await writeFile(join(odd, name), 'fetch(`/pets/${id}`);\n');
      }
      const outside = await mkdtemp(join(tmpdir(), 'petstore-outside #'));
      await writeFile(join(outside, 'o?.ts'), 'fetch(`/pets/${id}`);\n');
      const { stdout } = await run(['scan', '--format', 'sarif', '.', outside], odd);
      const log = JSON.parse(stdout) as {
        runs: {
          originalUriBaseIds: { SRCROOT: { uri: string } };
          results: {
            locations: {
              physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string } };
            }[];
          }[];
        }[];
      };
      const [only] = log.runs;
      const base = only!.originalUriBaseIds.SRCROOT.uri;
      const files = only!.results.map((result) => {
        const { uri, uriBaseId } = result.locations[0]!.physicalLocation.artifactLocation;
        return fileURLToPath(uriBaseId ? new URL(uri, base) : new URL(uri));
      });
      assert.deepEqual(
        files.sort(),
        [...names.map((name) => join(odd, name)), join(outside, 'o?.ts')].sort(),
      );
      await rm(outside, { recursive: true, force: true });
    } finally {
      await rm(odd, { recursive: true, force: true });
    }
  });

  it('takes operation names from --names', async () => {
    await writeFile(join(tree, 'src/custom.ts'), 'api.fetchPetById(1);\n');
    const { stdout } = await run(['scan', '--names', 'fetchPetById', 'src/custom.ts'], tree);
    assert.match(stdout, /src\/custom\.ts:1:5: .*`fetchPetById\(\)`/);
    await rm(join(tree, 'src/custom.ts'));
  });

  it('exits 2 with usage on bad arguments, and on a missing path', async () => {
    for (const args of [
      [],
      ['lint'],
      ['scan', '--format', 'xml'],
      ['scan', '--bogus'],
      ['scan', '--names', 'a b'],
    ]) {
      const { code, stderr } = await run(args, tree);
      assert.equal(code, 2, args.join(' '));
      assert.match(stderr, /Usage: petstore-deprecations scan/);
    }
    const missing = await run(['scan', 'no/such/dir'], tree);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /no such file or folder: .*no\/such\/dir/);
  });
});

describe('petstore-deprecations on hostile trees', () => {
  let tree: string;
  before(async () => {
    tree = await mkdtemp(join(tmpdir(), 'petstore-hostile-'));
    await mkdir(join(tree, 'loop/inner'), { recursive: true });
    await symlink(join(tree, 'loop'), join(tree, 'loop/inner/back'));
    await writeFile(
      join(tree, 'image.js'),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0x2f, 0x70, 0x65, 0x74, 0x73, 0x2f]),
    );
    await writeFile(join(tree, 'huge.js'), Buffer.alloc(11 * 1024 * 1024, 0x20));
    await writeFile(
      join(tree, 'latin1.py'),
      Buffer.concat([
        Buffer.from('# caf'),
        Buffer.from([0xe9]),
        Buffer.from('\nrequests.get("/pets/" + str(i))\n'),
      ]),
    );
    await writeFile(
      join(tree, 'minified.js'),
      `var a=${'"x",'.repeat(250_000)}b=fetch("/pets/"+id);\n`,
    );
  });
  after(() => rm(tree, { recursive: true, force: true }));

  it('skips binary, oversized and looping paths with notes, and still scans the rest', async () => {
    const { code, stdout, stderr } = await run(['scan'], tree);
    assert.equal(code, 1);
    assert.match(stderr, /note: skipped binary file: .*image\.js/);
    assert.match(stderr, /note: skipped file over the size limit: .*huge\.js/);
    assert.match(stderr, /note: skipped symlink loop: .*back/);
    assert.match(stdout, /^latin1\.py:2:14: warning/m);
    assert.match(stdout, /^minified\.js:1:\d+: warning/m);
  });

  it('passes over a FIFO and a device given as paths with a note, instead of hanging', async () => {
    const fifo = join(tree, 'pipe.js');
    execFileSync('mkfifo', [fifo]);
    try {
      const { code, stderr } = await run(['scan', fifo, '/dev/zero', 'latin1.py'], tree);
      assert.equal(code, 1, 'the regular file is still scanned');
      assert.match(stderr, /note: skipped what is not a regular file .*: .*pipe\.js/);
      assert.match(stderr, /note: skipped what is not a regular file .*: \/dev\/zero/);
    } finally {
      await rm(fifo);
    }
  });

  it('reports lines and columns as the editor shows them: CR and mixed line ends, BOM, UTF-16', async () => {
    const odd = await mkdtemp(join(tmpdir(), 'petstore-odd-'));
    try {
      const code = 'const a = 1;\nconst b = 2;\nfetch(`/pets/${id}`);\n';
      await writeFile(join(odd, 'cr.ts'), code.replace(/\n/g, '\r'));
      await writeFile(
        join(odd, 'mixed.ts'),
        'const a = 1;\r\nconst b = 2;\rfetch(`/pets/${id}`);\n',
      );
      await writeFile(join(odd, 'bom.ts'), `\uFEFFfetch(\`/pets/\${id}\`);\n`);
      await writeFile(join(odd, 'utf16.ts'), Buffer.from(`\uFEFF${code}`, 'utf16le'));
      const { stdout } = await run(['scan', '--format', 'json'], odd);
      const places = (JSON.parse(stdout) as { file: string; line: number; column: number }[])
        .map((finding) => `${finding.file}:${finding.line}:${finding.column}`)
        .sort();
      assert.deepEqual(places, ['bom.ts:1:7', 'cr.ts:3:7', 'mixed.ts:3:7', 'utf16.ts:3:7']);
    } finally {
      await rm(odd, { recursive: true, force: true });
    }
  });

  it('ends quietly with its own status when the reader closes the pipe first (scan | head)', async () => {
    const child = spawn(process.execPath, [BIN, 'scan', '--format', 'json'], {
      cwd: tree,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.destroy(); // the reader is gone before the report is written
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const [code] = (await once(child, 'close')) as [number | null];
    assert.equal(code, 1, 'findings still end the run with status 1');
    assert.doesNotMatch(stderr, /EPIPE|Error|\n\s+at /);
    assert.match(stderr, /calls? to the deprecated GET/);
  });

  it('notes an unreadable file and exits 2 when nothing else is found', async () => {
    // /proc/self/mem stats as a regular file but every read fails, even for root.
    const { code, stderr } = await run(['scan', '/proc/self/mem'], tree);
    assert.equal(code, 2);
    assert.match(stderr, /note: could not read: \/proc\/self\/mem/);
  });
});

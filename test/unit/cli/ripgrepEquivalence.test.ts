import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { writeCorpus } from '../../../bench/corpus';
import { ensureSystemPackages } from '../../host/systemPackages';
import { caseTree, write } from '../../support/caseTree';
import { runNodeToExit } from '../../support/runToExit';

const BIN = resolve(__dirname, '../../../dist/cli/petstore-deprecations.js');
const RG = '/usr/bin/rg';

describe('ripgrep candidate listing gives the same findings as the walker', function () {
  this.timeout(120_000);
  const trees: string[] = [];
  before(function () {
    this.timeout(600_000); // a fresh machine installs Debian's ripgrep first (apt-get update)
    ensureSystemPackages((line) => console.log(line), ['ripgrep']);
  });
  after(() => trees.forEach((tree) => rmSync(tree, { recursive: true, force: true })));

  async function bothWays(tree: string, extra: string[] = []) {
    const walker = await runNodeToExit(
      [BIN, 'scan', '--format', 'json', '--confidence', 'possible', '--no-rg', ...extra],
      tree,
    );
    const ripgrep = await runNodeToExit(
      [BIN, 'scan', '--format', 'json', '--confidence', 'possible', '--rg', RG, ...extra],
      tree,
    );
    assert.match(ripgrep.stderr, /the candidates ripgrep listed/, ripgrep.stderr);
    assert.doesNotMatch(ripgrep.stderr, /built-in walker instead/);
    const where = (stdout: string) =>
      (JSON.parse(stdout) as { file: string; line: number; column: number }[]).map(
        (finding) => `${finding.file}:${finding.line}:${finding.column}`,
      );
    // The places first, so a difference is read at a glance; then the whole report.
    assert.deepEqual(where(ripgrep.stdout), where(walker.stdout));
    assert.equal(ripgrep.code, walker.code);
    assert.equal(ripgrep.stdout, walker.stdout);
    return JSON.parse(walker.stdout) as { file: string }[];
  }

  it('on every labelled case and a tree of odd names, ignore rules, links and encodings', async () => {
    const tree = caseTree();
    trees.push(tree);
    const found = await bothWays(tree);
    const files = new Set(found.map((finding) => finding.file));
    for (const expected of [
      'odd/with space.ts',
      'odd/line\nbreak.ts',
      'odd/caf\\xE9.ts',
      'odd/utf16.ts',
      'odd/deploy',
      '.hidden/tool.py',
      'ignored/kept.ts',
      'nested/top-only.ts',
      'linked/target/client.go',
    ])
      assert.ok(files.has(expected), `${expected} is found`);
    for (const ignored of [
      'ignored/dropped.ts',
      'ignored/build/out.js',
      'dist/bundle.js',
      'top-only.ts',
      'odd/binary.ts',
      'linked/alias/client.go',
      'vendored/client.rb',
    ])
      assert.ok(!files.has(ignored), `${ignored} is not`);
    await bothWays(tree, ['--no-gitignore']);
  });

  it('on the benchmark corpus (a smaller copy of bench:deprecations’ tree)', async () => {
    const tree = mkdtempSync(join(tmpdir(), 'petstore-rg-corpus-'));
    trees.push(tree);
    const stats = writeCorpus(join(tree, 'corpus'), 800, 8 * 1024 * 1024);
    execFileSync('git', ['init', '-q'], { cwd: tree });
    const found = await bothWays(tree);
    assert.equal(found.length, stats.uses);
  });
});

describe('a ripgrep that cannot be trusted: the walker, with one note', function () {
  this.timeout(60_000);
  let tree: string;
  let fakes: string;
  before(() => {
    tree = mkdtempSync(join(tmpdir(), 'petstore-rg-fallback-'));
    write(tree, 'src/a.ts', 'export const p = (id: string) => fetch(`/v1/pets/${id}`);\n');
    write(tree, 'src/b.py', 'pet = api.get_pet(7)\n');
    fakes = mkdtempSync(join(tmpdir(), 'petstore-fake-rg-'));
  });
  after(() => {
    rmSync(tree, { recursive: true, force: true });
    rmSync(fakes, { recursive: true, force: true });
  });

  /** A shell script standing in for rg: its --version answer, then what it does when listing. */
  function fakeRipgrep(name: string, version: string, listing: string): string {
    const path = join(fakes, name);
    writeFileSync(path, `#!/bin/sh\nif [ "$1" = "--version" ]; then ${version}; fi\n${listing}\n`);
    chmodSync(path, 0o755);
    return path;
  }

  const cases: [string, () => string, RegExp][] = [
    ['missing', () => join(fakes, 'no-such-rg'), /cannot run/],
    [
      'too old',
      () => fakeRipgrep('old', 'echo "ripgrep 0.10.0"; exit 0', 'exit 0'),
      /0\.10; 11\.0 or newer is needed/,
    ],
    [
      'not ripgrep',
      () => fakeRipgrep('other', 'echo "grep 3.8"; exit 0', 'exit 0'),
      /did not say "ripgrep X\.Y"/,
    ],
    [
      'crashing',
      () => fakeRipgrep('crash', 'echo "ripgrep 14.1.0"; exit 0', 'kill -SEGV $$'),
      /ended with a signal/,
    ],
    [
      'failing',
      () => fakeRipgrep('fail', 'echo "ripgrep 14.1.0"; exit 0', 'exit 2'),
      /ended with status 2/,
    ],
    [
      'printing nonsense',
      () =>
        fakeRipgrep('nonsense', 'echo "ripgrep 14.1.0"; exit 0', 'printf "/etc/passwd\\0"; exit 0'),
      /outside/,
    ],
    [
      'printing half a listing',
      () =>
        fakeRipgrep(
          'half',
          'echo "ripgrep 14.1.0"; exit 0',
          'for last; do :; done; printf "%s/src/a.ts" "$last"; exit 0',
        ),
      /did not end with a NUL/,
    ],
  ];
  for (const [what, rg, reason] of cases)
    it(`falls back when rg is ${what}, and finds the same calls`, async () => {
      const expected = await runNodeToExit([BIN, 'scan', '--format', 'json', '--no-rg'], tree);
      const result = await runNodeToExit([BIN, 'scan', '--format', 'json', '--rg', rg()], tree);
      assert.equal(result.stdout, expected.stdout);
      assert.equal(result.code, 1);
      const notes = result.stderr
        .split('\n')
        .filter((line) => line.includes('built-in walker instead'));
      assert.equal(notes.length, 1, result.stderr);
      assert.match(notes[0]!, reason);
    });

  it('refuses --rg with --no-rg, and an empty --rg', async () => {
    const both = await runNodeToExit([BIN, 'scan', '--rg', RG, '--no-rg'], tree);
    assert.equal(both.code, 2);
    assert.match(both.stderr, /--rg and --no-rg are used one at a time/);
    const empty = await runNodeToExit([BIN, 'scan', '--rg', ''], tree);
    assert.equal(empty.code, 2);
  });
});

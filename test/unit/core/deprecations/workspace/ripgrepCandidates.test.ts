import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  listFilesWithRipgrepAsync,
  parseRipgrepList,
  ripgrepArgs,
  ripgrepOnPath,
  ripgrepVersionProblem,
} from '../../../../../src/core/deprecations/workspace/ripgrepCandidates';

const run = (stdout: string, status: number | null = 0, error?: string) => ({
  status,
  stdout: Buffer.from(stdout),
  error,
});

describe('ripgrep candidates: reading what rg says', () => {
  it('reads NUL-separated paths, keeping the supported sources and extensionless scripts', () => {
    const out = Buffer.from(
      [
        '/r/a.ts',
        '/r/with space/b.py',
        '/r/line\nbreak.go',
        '/r/README.md',
        '/r/bin/deploy',
        '',
      ].join('\0'),
    );
    const parsed = parseRipgrepList(out, '/r');
    assert.ok('files' in parsed);
    assert.deepEqual(
      parsed.files.map((file) => file.path),
      ['/r/a.ts', '/r/with space/b.py', '/r/line\nbreak.go', '/r/bin/deploy'],
    );
    assert.equal(parsed.files[0]!.language?.family, 'javascript');
    assert.equal(parsed.files[3]!.language, undefined, 'decided by its shebang when read');
  });

  it('keeps the bytes of a name that is not UTF-8, and shows it escaped as the walker does', () => {
    const name = Buffer.concat([Buffer.from('/r/caf'), Buffer.from([0xe9]), Buffer.from('.ts\0')]);
    const parsed = parseRipgrepList(name, '/r');
    assert.ok('files' in parsed);
    assert.equal(parsed.files[0]!.path, '/r/caf\\xE9.ts');
    assert.deepEqual(parsed.files[0]!.bytes, name.subarray(0, name.length - 1));
  });

  it('names the files of "." without "./", as the walker does', () => {
    const parsed = parseRipgrepList(Buffer.from('./src/a.ts\0'), '.');
    assert.ok('files' in parsed);
    assert.equal(parsed.files[0]!.path, join('src', 'a.ts'));
  });

  it('refuses a listing with a path outside the folder, or one cut short', () => {
    assert.deepEqual(parseRipgrepList(Buffer.from('/elsewhere/a.ts\0'), '/r'), {
      problem: 'rg listed "/elsewhere/a.ts", outside /r',
    });
    assert.deepEqual(parseRipgrepList(Buffer.from('/r/a.ts\0/r/b.t'), '/r'), {
      problem: 'rg output did not end with a NUL',
    });
    // A folder's name that only starts like the root's is not inside it.
    assert.ok('problem' in parseRipgrepList(Buffer.from('/root2/a.ts\0'), '/root'));
  });

  it('accepts ripgrep 11 and later, and says why not otherwise', () => {
    assert.equal(ripgrepVersionProblem(run('ripgrep 13.0.0\n-SIMD -AVX'), 'rg'), undefined);
    assert.equal(ripgrepVersionProblem(run('ripgrep 15.0.0 (rev 3a612f88b8)'), 'rg'), undefined);
    assert.equal(
      ripgrepVersionProblem(run('ripgrep 0.10.0'), '/old/rg'),
      '/old/rg is ripgrep 0.10; 11.0 or newer is needed',
    );
    assert.equal(
      ripgrepVersionProblem(run('grep (GNU grep) 3.8'), 'rg'),
      'rg --version did not say "ripgrep X.Y"',
    );
    assert.equal(
      ripgrepVersionProblem(run('', null, 'spawn rg ENOENT'), 'rg'),
      'rg cannot run (spawn rg ENOENT)',
    );
  });

  it('asks rg for exactly what the walker reads: .gitignore only, hidden files, links followed', () => {
    const args = ripgrepArgs(
      {
        rg: 'rg',
        patterns: ['pets', 'getPet'],
        excludes: ['**/node_modules', 'build/', 'src/*.gen.ts'],
      },
      '/r',
    );
    for (const flag of [
      '--no-require-git',
      '--no-ignore-dot',
      '--no-ignore-global',
      '--no-ignore-parent',
      '--no-ignore-exclude',
      '--hidden',
      '--follow',
      '--null',

      '--no-config',
    ])
      assert.ok(args.includes(flag), flag);
    assert.ok(!args.includes('--no-ignore-vcs'));
    // Plain names are left to rg (it does not descend into them); other patterns (`build/` is
    // folders only, which rg's globs would not keep apart) are applied to its listing.
    const globs = args.flatMap((arg, index) => (arg === '--glob' ? [args[index + 1]] : []));
    assert.deepEqual(globs, ['!.git', '!.hg', '!.svn', '!node_modules']);
    assert.deepEqual(args.slice(-6), ['-e', 'pets', '-e', 'getPet', '--', '/r']);
    assert.ok(
      ripgrepArgs({ rg: 'rg', patterns: ['pets'], gitignore: false }, '/r').includes(
        '--no-ignore-vcs',
      ),
    );
    // Fixed strings (the quick search the CLI and the server run), or regular expressions.
    assert.ok(!args.includes('--fixed-strings'));
    assert.ok(
      ripgrepArgs({ rg: 'rg', patterns: ['pets'], fixedStrings: true }, '/r').includes(
        '--fixed-strings',
      ),
    );
  });

  it('searches only the names a listing keeps, in any case, when told (OpenAPI documents)', () => {
    const args = ripgrepArgs(
      { rg: 'rg', patterns: ['pets/{'], fixedStrings: true, onlyNames: ['*.yaml', '*.json'] },
      '/r',
    );
    const iglobs = args.flatMap((arg, index) => (arg === '--iglob' ? [args[index + 1]] : []));
    assert.deepEqual(iglobs, ['*.yaml', '*.json']);
    assert.deepEqual(args.slice(-4), ['-e', 'pets/{', '--', '/r']);
    assert.ok(!ripgrepArgs({ rg: 'rg', patterns: ['pets'] }, '/r').includes('--iglob'));
  });

  it('finds rg on PATH, or nothing', () => {
    assert.equal(ripgrepOnPath(''), undefined);
    assert.equal(ripgrepOnPath('/nonexistent:/also/not'), undefined);
  });
});

describe('ripgrep candidates: a link to a folder outside the tree', function () {
  this.timeout(30_000);
  const rg = ripgrepOnPath();
  let tree: string;
  let restore: string | undefined;
  beforeEach(() => {
    tree = mkdtempSync(join(tmpdir(), 'petstore-rg-link-'));
    restore = process.env.PETSTORE_RG_TIMEOUT;
  });
  afterEach(() => {
    rmSync(tree, { recursive: true, force: true });
    if (restore === undefined) delete process.env.PETSTORE_RG_TIMEOUT;
    else process.env.PETSTORE_RG_TIMEOUT = restore;
  });

  it('stops rg at its time limit (it follows the link through the whole disk), so the walker lists', async function () {
    if (!rg) this.skip();
    writeFileSync(join(tree, 'a.js'), 'fetch(`/pets/${id}`);\n');
    // A repository can hold this link: rg follows it (only its listing is confined), the walker does not.
    symlinkSync('/', join(tree, 'root'));
    process.env.PETSTORE_RG_TIMEOUT = '1';
    const started = Date.now();
    const listing = await listFilesWithRipgrepAsync(
      [tree],
      { rg: rg ?? 'rg', patterns: ['pets'] },
      () => undefined,
    );
    assert.ok('problem' in listing, 'rg walked the whole disk within a second?');
    assert.match(listing.problem, /stopped after 1 s/);
    assert.ok(Date.now() - started < 10_000);
  });
});

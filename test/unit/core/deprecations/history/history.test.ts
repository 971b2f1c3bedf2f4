import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BlobCounts } from '../../../../../src/core/deprecations/history/blobCounts';
import { gitDirectory } from '../../../../../src/core/deprecations/history/gitObjects';
import {
  countHistory,
  pointDates,
  type HistorySettings,
} from '../../../../../src/core/deprecations/history/history';
import { GitRepository as Repository } from '../../../../support/gitRepository';

/** One "call" per line that holds a pets URL: the finder's rules are not what is tested here. */
const countLines = (_path: string, text: string) =>
  text.split('\n').filter((line) => line.includes('/pets/')).length;

function settingsFor(root: string, overrides: Partial<HistorySettings> = {}): HistorySettings {
  return {
    repository: root,
    scopes: [],
    since: new Date('2026-01-15T00:00:00Z'),
    until: new Date('2026-06-20T00:00:00Z'),
    every: 'month',
    accepts: (path) => /\.(js|py)$/.test(path),
    count: countLines,
    maxFileBytes: 1024 * 1024,
    cache: BlobCounts.open(undefined, 'test'),
    ...overrides,
  };
}

const call = (n: number) => `fetch(\`/pets/\${id${n}}\`);\n`;
const calls = (count: number) => Array.from({ length: count }, (_, k) => call(k)).join('');

describe('calls at points of the git history', () => {
  const repositories: Repository[] = [];
  const repository = () => {
    const made = new Repository();
    repositories.push(made);
    return made;
  };
  after(() => repositories.forEach((made) => made.dispose()));

  it('counts each point from the tree it had, by owner (that point’s CODEOWNERS) and language', async () => {
    const repo = repository()
      .write('web/a.js', calls(4))
      .write('api/b.py', calls(3))
      .write('CODEOWNERS', '/web/ @web\n/api/ @api\n')
      .commit('2026-01-10')
      .write('web/a.js', calls(2))
      .commit('2026-02-10')
      // The owners change: api moves to another team.
      .write('CODEOWNERS', '/web/ @web\n/api/ @platform\n')
      .write('api/b.py', calls(1))
      .commit('2026-03-10')
      // CODEOWNERS vanishes: grouped by top-level folder.
      .remove('CODEOWNERS')
      .commit('2026-04-10');
    const history = await countHistory(settingsFor(repo.root));
    assert.deepEqual(
      history.points.map((point) => [point.date, point.total]),
      [
        ['2026-01-15', 7],
        ['2026-02-15', 5],
        ['2026-03-15', 3],
        ['2026-04-15', 3],
        ['2026-05-15', 3],
        ['2026-06-15', 3],
        ['2026-06-20', 3],
      ],
    );
    const [january, , march, april] = history.points;
    assert.deepEqual(january!.owners, [
      { name: '@web', calls: 4 },
      { name: '@api', calls: 3 },
    ]);
    assert.deepEqual(january!.languages, [
      { name: 'JavaScript', calls: 4 },
      { name: 'Python', calls: 3 },
    ]);
    assert.equal(march!.groupedBy, 'owner');
    assert.deepEqual(march!.owners, [
      { name: '@web', calls: 2 },
      { name: '@platform', calls: 1 },
    ]);
    assert.equal(april!.groupedBy, 'folder');
    assert.deepEqual(april!.owners, [
      { name: 'web/', calls: 2 },
      { name: 'api/', calls: 1 },
    ]);
    // The same commit at several points is one tree read: same commit, same counts.
    assert.equal(history.points[4]!.commit, history.points[3]!.commit);
  });

  it('scans each blob once: unchanged files come from the cache, within a run and across runs', async () => {
    const repo = repository()
      .write('a.js', calls(2))
      .write('b.js', calls(1))
      .commit('2026-01-10')
      .write('b.js', calls(3))
      .commit('2026-02-10')
      .write('c.js', call(7))
      .commit('2026-03-10');
    let scans = 0;
    const counting = (path: string, text: string) => {
      scans++;
      return countLines(path, text);
    };
    const gitDir = await gitDirectory(repo.root);
    const first = await countHistory(
      settingsFor(repo.root, { count: counting, cache: BlobCounts.open(gitDir, 'k') }),
    );
    // a.js once, b.js twice (two versions), c.js once.
    assert.equal(scans, 4);
    assert.equal(first.scanned, 4);
    // Not saved by that run: the next one starts empty.
    assert.equal(BlobCounts.open(gitDir, 'k').size, 0);
    const saved = BlobCounts.open(gitDir, 'k');
    await countHistory(settingsFor(repo.root, { count: counting, cache: saved }));
    saved.save();
    scans = 0;
    const again = await countHistory(
      settingsFor(repo.root, { count: counting, cache: BlobCounts.open(gitDir, 'k') }),
    );
    assert.equal(scans, 0);
    assert.equal(again.scanned, 0);
    assert.deepEqual(
      again.points.map((point) => point.total),
      first.points.map((point) => point.total),
    );
    // Other settings: nothing carries over.
    scans = 0;
    await countHistory(
      settingsFor(repo.root, { count: counting, cache: BlobCounts.open(gitDir, 'other') }),
    );
    assert.equal(scans, 4);
  });

  it('rebuilds a corrupt cache, never trusting it, and says so', async () => {
    const repo = repository().write('a.js', calls(2)).commit('2026-01-10');
    const gitDir = await gitDirectory(repo.root);
    const folder = join(gitDir, 'petstore-deprecations');
    for (const name of ['blob-counts.json', 'commit-tallies.json'])
      for (const corrupt of [
        '{"format":"petstore-deprecations blob counts","version":1,"key":"k","counts":{"x":',
        '{"format":"petstore-deprecations blob counts","version":1,"key":"k","counts":{"a":-3}}',
        '{"format":"petstore-deprecations blob counts","version":1,"key":"k","commits":{"c":{"total":"9"}}}',
        '[]',
      ]) {
        rmSync(folder, { recursive: true, force: true });
        mkdirSync(folder, { recursive: true });
        writeFileSync(join(folder, name), corrupt);
        const cache = BlobCounts.open(gitDir, 'k');
        const history = await countHistory(settingsFor(repo.root, { cache }));
        assert.equal(history.points[0]!.total, 2);
        assert.match(cache.notes.join('\n'), new RegExp(`${name} was unreadable: rebuilt`));
        cache.save();
        const reopened = BlobCounts.open(gitDir, 'k');
        assert.ok(reopened.size > 0);
        assert.deepEqual(reopened.notes, []);
      }
    const kept = JSON.parse(readFileSync(join(folder, 'blob-counts.json'), 'utf8')) as {
      counts: Record<string, number>;
    };
    assert.ok(Object.keys(kept.counts).every((id) => /^[0-9a-f]{40}:JavaScript$/.test(id)));
  });

  it('never reads or writes through a link in the cache’s place, nor reads a FIFO or device there', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'petstore-outside-'));
    const precious = join(outside, 'precious.json');
    try {
      for (const plant of [
        // The cache folder a link to a folder outside the repository.
        (folder: string) => symlinkSync(outside, folder),
        // Each cache file a link to a file outside, to /dev/zero, or a FIFO.
        (folder: string) => {
          mkdirSync(folder);
          symlinkSync(precious, join(folder, 'commit-tallies.json'));
          symlinkSync(precious, join(folder, 'blob-counts.json'));
        },
        (folder: string) => {
          mkdirSync(folder);
          symlinkSync('/dev/zero', join(folder, 'commit-tallies.json'));
        },
        (folder: string) => {
          mkdirSync(folder);
          execFileSync('mkfifo', [join(folder, 'commit-tallies.json')]);
        },
      ]) {
        writeFileSync(precious, 'precious');
        const repo = repository().write('a.js', calls(2)).commit('2026-01-10');
        const gitDir = await gitDirectory(repo.root);
        const folder = join(gitDir, 'petstore-deprecations');
        plant(folder);
        const cache = BlobCounts.open(gitDir, 'k');
        const history = await countHistory(settingsFor(repo.root, { cache }));
        assert.equal(history.points[0]!.total, 2);
        assert.match(
          cache.notes.join('\n'),
          /was not read \((a symbolic link|not a regular file)\): rebuilt/,
        );
        cache.save();
        assert.equal(readFileSync(precious, 'utf8'), 'precious', 'written through a link');
        assert.deepEqual(readdirSync(outside), ['precious.json'], 'wrote outside the repository');
        // The links are replaced by the cache itself, which the next run reads.
        assert.ok(lstatSync(folder).isDirectory());
        assert.ok(lstatSync(join(folder, 'commit-tallies.json')).isFile());
        const reopened = BlobCounts.open(gitDir, 'k');
        assert.ok(reopened.size > 0);
        assert.deepEqual(reopened.notes, []);
      }
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('a cache folder that is a file: the history is counted and the cache said to be unkept', async () => {
    const repo = repository().write('a.js', calls(2)).commit('2026-01-10');
    const gitDir = await gitDirectory(repo.root);
    writeFileSync(join(gitDir, 'petstore-deprecations'), 'not a folder');
    const cache = BlobCounts.open(gitDir, 'k');
    const history = await countHistory(settingsFor(repo.root, { cache }));
    assert.equal(history.points[0]!.total, 2);
    cache.save();
    assert.match(cache.notes.join('\n'), /cannot keep the history cache .* is not a folder/);
    assert.equal(readFileSync(join(gitDir, 'petstore-deprecations'), 'utf8'), 'not a folder');
  });

  it('follows the first parent: a branch counts once it is merged, by the merge', async () => {
    const repo = repository().write('a.js', calls(4)).commit('2026-01-10');
    repo.git('checkout', '-q', '-b', 'cleanup');
    repo.write('a.js', calls(1)).commit('2026-02-05', 'cleanup on a branch');
    repo.git('checkout', '-q', 'main');
    repo.write('b.js', calls(1)).commit('2026-02-08');
    execFileSync('git', ['merge', '-q', '--no-ff', '-m', 'merge', 'cleanup'], {
      cwd: repo.root,
      env: {
        ...process.env,
        GIT_AUTHOR_DATE: '2026-03-05T12:00:00Z',
        GIT_COMMITTER_DATE: '2026-03-05T12:00:00Z',
      },
      stdio: 'pipe',
    });
    const history = await countHistory(
      settingsFor(repo.root, { until: new Date('2026-03-20T00:00:00Z') }),
    );
    assert.deepEqual(
      history.points.map((point) => [point.date, point.total]),
      [
        ['2026-01-15', 4],
        // The branch's own commit (4 → 1 on 2026-02-05) is not main's yet.
        ['2026-02-15', 5],
        ['2026-03-15', 2],
        ['2026-03-20', 2],
      ],
    );
  });

  it('reads the line in commit order when the clocks disagree', async () => {
    const repo = repository()
      .write('a.js', calls(3))
      .commit('2026-01-10')
      .write('a.js', calls(2))
      .commit('2026-03-10')
      // Committed later on a machine whose clock ran behind.
      .write('a.js', calls(1))
      .commit('2026-02-01');
    const history = await countHistory(
      settingsFor(repo.root, { until: new Date('2026-03-20T00:00:00Z') }),
    );
    // From 2026-02-01 on, the newest commit of the line made by then is the last one (1 call):
    // never the middle one, which the clock would put later.
    assert.deepEqual(
      history.points.map((point) => point.total),
      [3, 1, 1, 1],
    );
  });

  it('a shallow clone: the points it cannot see are left out with a note, never counted as zero', async () => {
    const repo = repository()
      .write('a.js', calls(5))
      .commit('2026-01-10')
      .write('a.js', calls(4))
      .commit('2026-02-10')
      .write('a.js', calls(3))
      .commit('2026-03-10');
    const clone = mkdtempSync(join(tmpdir(), 'petstore-shallow-'));
    try {
      execFileSync('git', ['clone', '-q', '--depth', '1', `file://${repo.root}`, clone], {
        stdio: 'pipe',
      });
      const history = await countHistory(
        settingsFor(clone, { until: new Date('2026-03-20T00:00:00Z') }),
      );
      assert.deepEqual(
        history.points.map((point) => [point.date, point.total]),
        [
          ['2026-03-15', 3],
          ['2026-03-20', 3],
        ],
      );
      assert.match(
        history.notes.join('\n'),
        /history starts at 2026-03-10: fetch the whole history for more \(git fetch --unshallow\); 2 earlier points left out/,
      );
    } finally {
      rmSync(clone, { recursive: true, force: true });
    }
  });

  it('skips symbolic links, submodules, binary and huge files, with notes; scopes limit the count', async () => {
    const repo = repository()
      .write('web/a.js', calls(2))
      .write('api/b.js', calls(1))
      .write('web/big.js', `${calls(1)}${'x'.repeat(2048)}`)
      .write('web/bin.js', `${calls(1)}\0binary`);
    symlinkSync('a.js', join(repo.root, 'web/link.js'));
    // A submodule's entry (a commit in the tree), made without cloning anything.
    const inner = repository().write('x.js', calls(9)).commit('2026-01-01');
    repo.git(
      '-c',
      'protocol.file.allow=always',
      'submodule',
      'add',
      '-q',
      inner.root,
      'vendor/inner',
    );
    repo.commit('2026-01-10');
    const history = await countHistory(
      settingsFor(repo.root, { maxFileBytes: 1024, until: new Date('2026-01-20T00:00:00Z') }),
    );
    assert.deepEqual(
      history.points.map((point) => point.total),
      [3, 3],
    );
    const notes = history.notes.join('\n');
    assert.match(notes, /1 submodule skipped \(vendor\/inner\)/);
    assert.match(notes, /web\/bin\.js: skipped \(binary\)/);
    assert.match(notes, /1 symbolic link skipped \(web\/link\.js\)/);
    assert.match(notes, /web\/big\.js: skipped \(larger than 1024 bytes\)/);
    // Counted again from the cache (each commit's tally): the same counts, the same notes.
    const gitDir = await gitDirectory(repo.root);
    const first = BlobCounts.open(gitDir, 'skips');
    const counted = await countHistory(
      settingsFor(repo.root, {
        maxFileBytes: 1024,
        until: new Date('2026-01-20T00:00:00Z'),
        cache: first,
      }),
    );
    first.save();
    const again = await countHistory(
      settingsFor(repo.root, {
        maxFileBytes: 1024,
        until: new Date('2026-01-20T00:00:00Z'),
        cache: BlobCounts.open(gitDir, 'skips'),
        count: () => assert.fail('nothing is scanned again'),
      }),
    );
    assert.deepEqual(again.points, counted.points);
    assert.deepEqual(again.notes, counted.notes);
    const scoped = await countHistory(
      settingsFor(repo.root, { scopes: ['web'], until: new Date('2026-01-20T00:00:00Z') }),
    );
    assert.deepEqual(
      scoped.points.map((point) => point.total),
      [3, 3],
    );
    const api = await countHistory(
      settingsFor(repo.root, { scopes: ['api'], until: new Date('2026-01-20T00:00:00Z') }),
    );
    assert.deepEqual(
      api.points.map((point) => point.total),
      [1, 1],
    );
  });

  it('a repository without commits has no points, and says so', async () => {
    const repo = repository();
    const history = await countHistory(settingsFor(repo.root));
    assert.deepEqual(history.points, []);
    assert.deepEqual(history.notes, ['the repository has no commits yet']);
  });

  it('point dates: every week or month from --since, and the last day itself', () => {
    assert.deepEqual(
      pointDates(new Date('2026-01-31T00:00:00Z'), new Date('2026-04-02T10:00:00Z'), 'month'),
      // A month after the 31st is the month's last day.
      ['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-02'],
    );
    assert.deepEqual(
      pointDates(new Date('2026-01-01T00:00:00Z'), new Date('2026-01-20T00:00:00Z'), 'week'),
      ['2026-01-01', '2026-01-08', '2026-01-15', '2026-01-20'],
    );
  });
});

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, isAbsolute, join, relative } from 'node:path';
import { BlobCounts } from '../../../../src/core/deprecations/history/blobCounts';
import {
  gitDirectory,
  headCommit,
  readBlobs,
} from '../../../../src/core/deprecations/history/gitObjects';
import {
  countHistory,
  type HistorySettings,
} from '../../../../src/core/deprecations/history/history';
import { changedSince } from '../../../../src/core/deprecations/workspace/changedFiles';
import { HARDENED_CONFIG, HARDENED_ENVIRONMENT } from '../../../../src/core/git/hardenedGit';
import { gitExecutable } from '../../../../src/core/git/gitExecutable';
import { GitRepository } from '../../../support/gitRepository';

/**
 * A repository as an attacker leaves it: every setting that can make git run a program names a
 * marker program that records its own name, and every setting that makes git read a file names a
 * FIFO (reading it would block for ever). The product's git commands must run none of them.
 */
class HostileRepository extends GitRepository {
  readonly markers = mkdtempSync(join(tmpdir(), 'petstore-markers-'));
  readonly ran = join(this.markers, 'ran.log');

  /** A program that appends `name` to the log, then behaves (cat for filters, exit 0). */
  marker(name: string): string {
    const path = join(this.markers, name);
    writeFileSync(path, `#!/bin/sh\necho ${name} >> ${this.ran}\ncat >/dev/null 2>&1\nexit 0\n`);
    chmodSync(path, 0o755);
    return path;
  }

  fifo(name: string): string {
    const path = join(this.markers, name);
    execFileSync('mkfifo', [path]);
    return path;
  }

  /** What ran, one name a line. */
  whatRan(): string[] {
    return existsSync(this.ran) ? readFileSync(this.ran, 'utf8').split('\n').filter(Boolean) : [];
  }

  boobyTrap(): this {
    const hooks = join(this.markers, 'hooks');
    mkdirSync(hooks);
    for (const hook of [
      'post-checkout',
      'post-index-change',
      'reference-transaction',
      'pre-auto-gc',
    ])
      writeFileSync(join(hooks, hook), `#!/bin/sh\necho hook-${hook} >> ${this.ran}\n`, {
        mode: 0o755,
      });
    const settings: [string, string][] = [
      ['core.fsmonitor', this.marker('fsmonitor')],
      ['core.pager', this.marker('pager')],
      ['pager.log', this.marker('pager-log')],
      ['pager.diff', this.marker('pager-diff')],
      ['core.hooksPath', hooks],
      ['core.askPass', this.marker('askpass')],
      ['core.sshCommand', this.marker('ssh')],
      ['core.editor', this.marker('editor')],
      ['core.alternateRefsCommand', this.marker('alternate-refs')],
      ['credential.helper', `!${this.marker('credential')}`],
      ['log.showSignature', 'true'],
      ['gpg.program', this.marker('gpg')],
      ['gpg.ssh.program', this.marker('gpg-ssh')],
      ['gpg.x509.program', this.marker('gpg-x509')],
      ['diff.external', this.marker('external-diff')],
      ['diff.evil.textconv', this.marker('textconv')],
      ['diff.evil.command', this.marker('diff-driver')],
      ['filter.evil.clean', this.marker('clean-filter')],
      ['filter.evil.smudge', this.marker('smudge-filter')],
      ['filter.evil.process', this.marker('process-filter')],
      ['filter.evil.required', 'true'],
      ['diff.orderFile', this.fifo('order-fifo')],
      ['core.attributesFile', this.fifo('attributes-fifo')],
      ['core.excludesFile', this.fifo('excludes-fifo')],
      ['log.mailmap', 'true'],
      ['mailmap.file', this.fifo('mailmap-fifo')],
      ['diff.interHunkContext', '20'],
      ['diff.context', '20'],
      ['remote.origin.url', `ext::${this.marker('ext-transport')} %S`],
      ['protocol.ext.allow', 'always'],
    ];
    for (const [key, value] of settings) this.git('config', key, value);
    return this;
  }

  /** A commit carrying a (fake) signature, so that log.showSignature asks gpg.program. */
  signedCommit(date: string): this {
    this.git('add', '-A');
    const tree = this.git('write-tree').trim();
    const parent = this.git('rev-parse', 'HEAD').trim();
    const time = Date.parse(`${date}T12:00:00Z`) / 1000;
    const body =
      `tree ${tree}\nparent ${parent}\nauthor Dev <dev@example.com> ${time} +0000\n` +
      `committer Dev <dev@example.com> ${time} +0000\n` +
      'gpgsig -----BEGIN PGP SIGNATURE-----\n \n iQEzBAABCAAdFiEE\n -----END PGP SIGNATURE-----\n\nsigned\n';
    const sha = execFileSync('git', ['hash-object', '-t', 'commit', '-w', '--stdin'], {
      cwd: this.root,
      input: body,
      encoding: 'utf8',
    }).trim();
    this.git('update-ref', 'HEAD', sha);
    return this;
  }

  override dispose(): void {
    super.dispose();
    rmSync(this.markers, { recursive: true, force: true });
  }
}

const countLines = (_path: string, text: string) =>
  text.split('\n').filter((line) => line.includes('/pets/')).length;

function settingsFor(root: string, overrides: Partial<HistorySettings> = {}): HistorySettings {
  return {
    repository: root,
    scopes: [],
    since: new Date('2026-01-15T00:00:00Z'),
    until: new Date('2026-03-20T00:00:00Z'),
    every: 'month',
    accepts: (path) => path.endsWith('.js'),
    count: countLines,
    maxFileBytes: 1024 * 1024,
    cache: BlobCounts.open(undefined, 'test'),
    ...overrides,
  };
}

/** Sets environment variables for one test and puts the old values back. */
function withEnvironment(variables: Record<string, string>): () => void {
  const saved = Object.fromEntries(Object.keys(variables).map((name) => [name, process.env[name]]));
  Object.assign(process.env, variables);
  return () => {
    for (const [name, value] of Object.entries(saved))
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
  };
}

describe('hostile repositories: git runs nothing the repository configures', function () {
  // A regression would be a hang on a FIFO: git is stopped after 5 s and the test fails instead.
  let restore: () => void;
  beforeEach(() => (restore = withEnvironment({ PETSTORE_GIT_TIMEOUT: '5' })));
  afterEach(() => restore());
  const made: GitRepository[] = [];
  after(() => made.forEach((repository) => repository.dispose()));

  /** The repository, with `more` done by the test's own (unhardened) git before it is trapped. */
  function hostile(
    more: (repository: HostileRepository) => void = () => undefined,
  ): HostileRepository {
    const repository = new HostileRepository();
    made.push(repository);
    repository
      .write('.gitattributes', '* diff=evil filter=evil\n')
      .write('a.js', 'fetch(`/pets/${id}`);\nconst x = 1;\n')
      .commit('2026-01-10')
      .write('b.js', 'fetch(`/pets/${other}`);\n')
      .signedCommit('2026-02-10');
    more(repository);
    return repository.boobyTrap();
  }

  it('history (log, rev-parse, ls-tree, diff-tree, cat-file): counts right, runs nothing', async () => {
    const repository = hostile();
    const history = await countHistory(settingsFor(repository.root));
    assert.deepEqual(
      history.points.map((point) => [point.date, point.total]),
      [
        ['2026-01-15', 1],
        ['2026-02-15', 2],
        ['2026-03-15', 2],
        ['2026-03-20', 2],
      ],
    );
    assert.deepEqual(repository.whatRan(), []);
  });

  it('the editor forecast’s git folder and HEAD: runs nothing', async () => {
    const repository = hostile();
    assert.equal(await gitDirectory(repository.root), realpathSync(join(repository.root, '.git')));
    assert.match((await headCommit(repository.root)) ?? '', /^[0-9a-f]{40}$/);
    assert.deepEqual(repository.whatRan(), []);
  });

  it('--changed-since (rev-parse, diff, ls-files, config): no clean filter, the diff context fixed', async () => {
    // Two changed lines 10 lines apart: a configured inter-hunk context of 20 would join them,
    // and every line between would count as changed.
    const lines = Array.from({ length: 30 }, (_, k) => `const v${k} = ${k};`);
    const repository = hostile((made) =>
      made.write('c.js', `${lines.join('\n')}\n`).commit('2026-03-01'),
    );
    lines[5] = 'fetch(`/pets/${a}`);';
    lines[16] = 'fetch(`/pets/${b}`);';
    repository.write('c.js', `${lines.join('\n')}\n`).write('new.js', 'fetch(`/pets/1`);\n');
    const changed = await changedSince(repository.root, 'HEAD');
    const root = realpathSync(repository.root);
    assert.deepEqual(
      [...changed.lines.get(join(root, 'c.js'))!].sort((a, b) => a - b),
      [6, 17],
    );
    assert.ok(changed.files.includes(join(root, 'new.js')));
    assert.deepEqual(repository.whatRan(), []);
  });

  it('--changed-since: a filter driver whose name holds "=" (which -c cannot name) is never run', async () => {
    // `-c filter.a=b.clean=` is read by git as the setting filter.a, value "b.clean=": the
    // driver a=b would keep its clean program.
    const repository = hostile();
    repository.write('.gitattributes', '* filter=a=b\n');
    repository.git('config', 'filter.a=b.clean', repository.marker('equals-clean-filter'));
    repository.git('config', 'filter.a=b.process', repository.marker('equals-process-filter'));
    repository.write('a.js', 'fetch(`/pets/${id}`);\nconst y = 2;\n');
    await assert.rejects(changedSince(repository.root, 'HEAD'), /filter\.a=b\.\w+.*"="/);
    assert.deepEqual(repository.whatRan(), []);
  });

  it('--changed-since: a submodule’s own configuration runs nothing (its work tree is not looked into)', async () => {
    const repository = hostile((made) => {
      // A nested repository committed as a submodule (a gitlink), with a file of its own.
      const sub = join(made.root, 'sub');
      mkdirSync(sub);
      execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: sub });
      writeFileSync(join(sub, 'f.js'), 'fetch(`/pets/${id}`);\n');
      for (const args of [
        ['config', 'user.email', 'dev@example.com'],
        ['config', 'user.name', 'Dev'],
        ['add', '-A'],
        ['commit', '-q', '-m', 'sub'],
      ])
        execFileSync('git', args, { cwd: sub, stdio: 'pipe' });
      made.commit('2026-03-01');
    });
    const sub = join(repository.root, 'sub');
    // The submodule's own driver: the superproject's filtersOff never sees it.
    writeFileSync(join(sub, '.git', 'info', 'attributes'), '* filter=subevil\n');
    execFileSync('git', ['config', 'filter.subevil.clean', repository.marker('submodule-clean')], {
      cwd: sub,
    });
    execFileSync('git', ['config', 'core.fsmonitor', repository.marker('submodule-fsmonitor')], {
      cwd: sub,
    });
    // Same size, another time: git has to read the file (through its clean filter) to compare.
    await new Promise((done) => setTimeout(done, 1100));
    writeFileSync(join(sub, 'f.js'), 'fetch(`/pets/${ix}`);\n');
    await changedSince(repository.root, 'HEAD');
    assert.deepEqual(repository.whatRan(), []);
  });

  it('ignores the user’s configuration (a diff context, a monitor) and GIT_* variables from a hook', async () => {
    const lines = Array.from({ length: 30 }, (_, k) => `const v${k} = ${k};`);
    const repository = hostile((made) =>
      made.write('c.js', `${lines.join('\n')}\n`).commit('2026-03-01'),
    );
    const home = mkdtempSync(join(tmpdir(), 'petstore-home-'));
    const monitor = repository.marker('user-fsmonitor');
    writeFileSync(
      join(home, '.gitconfig'),
      `[diff]\n\tinterHunkContext = 20\n[core]\n\tfsmonitor = ${monitor}\n`,
    );
    const elsewhere = new GitRepository().write('z.js', 'x\n').commit('2020-01-01');
    made.push(elsewhere);
    const back = withEnvironment({
      HOME: home,
      XDG_CONFIG_HOME: home,
      // As a pre-commit hook runs us: these would point git at another repository and index.
      GIT_DIR: join(elsewhere.root, '.git'),
      GIT_INDEX_FILE: join(elsewhere.root, '.git', 'index'),
      GIT_EXTERNAL_DIFF: repository.marker('env-external-diff'),
      GIT_SSH_COMMAND: repository.marker('env-ssh'),
    });
    try {
      lines[2] = 'fetch(`/pets/${a}`);';
      lines[12] = 'fetch(`/pets/${b}`);';
      repository.write('c.js', `${lines.join('\n')}\n`);
      const changed = await changedSince(repository.root, 'HEAD');
      const root = realpathSync(repository.root);
      assert.deepEqual(
        [...changed.lines.get(join(root, 'c.js'))!].sort((a, b) => a - b),
        [3, 13],
      );
      const history = await countHistory(settingsFor(repository.root));
      assert.equal(history.points.at(-1)?.total, 2);
    } finally {
      back();
      rmSync(home, { recursive: true, force: true });
    }
    assert.deepEqual(repository.whatRan(), []);
  });

  it('a partial clone: a missing blob is noted, never fetched through the configured transport', async () => {
    const source = new GitRepository()
      .write('a.js', 'fetch(`/pets/${id}`);\n')
      .write('b.js', 'fetch(`/pets/${x}`);\nfetch(`/pets/${y}`);\n')
      .commit('2026-01-10');
    made.push(source);
    source.git('config', 'uploadpack.allowFilter', 'true');
    const clone = new HostileRepository();
    made.push(clone);
    rmSync(clone.root, { recursive: true, force: true });
    execFileSync('git', [
      'clone',
      '-q',
      '--filter=blob:none',
      '--no-checkout',
      `file://${source.root}`,
      clone.root,
    ]);
    // Only a.js's blob is here; b.js's would come from the promisor remote when asked for.
    const blob = clone.git('rev-parse', 'HEAD:a.js').trim();
    execFileSync('git', ['-C', clone.root, 'cat-file', 'blob', blob], { stdio: 'ignore' });
    clone.git('config', 'remote.origin.url', `ext::${clone.marker('ext-transport')} %S`);
    clone.git('config', 'protocol.ext.allow', 'always');
    clone.git('config', 'core.sshCommand', clone.marker('ssh'));
    const history = await countHistory(settingsFor(clone.root));
    assert.equal(history.points.at(-1)?.total, 1);
    assert.ok(
      history.notes.some((note) => /b\.js: skipped \(missing from the repository/.test(note)),
      history.notes.join('\n'),
    );
    assert.deepEqual(clone.whatRan(), []);
    // Asked for the missing blob itself, git fails rather than fetch it through the transport
    // the repository allows itself (protocol.ext.allow=always outranks protocol.allow=never).
    const missing = clone.git('rev-parse', 'HEAD:b.js').trim();
    await assert.rejects(
      readBlobs(clone.root, [missing], 1024, () => undefined),
      /promisor|not allowed/,
    );
    assert.deepEqual(clone.whatRan(), []);
  });

  it('a configuration that includes a FIFO: git is stopped at the time limit with the reason, nothing hangs', async () => {
    const repository = hostile();
    repository.git('config', 'include.path', repository.fifo('include-fifo'));
    const back = withEnvironment({ PETSTORE_GIT_TIMEOUT: '1' });
    try {
      await assert.rejects(countHistory(settingsFor(repository.root)), /stopped after 1 s/);
    } finally {
      back();
    }
  });
});

describe('hardened git: every process the product starts carries the one hardened set', function () {
  it('log, ls-tree, diff-tree, cat-file, rev-parse, diff, ls-files and config, as a recording git sees them', async () => {
    const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
    const folder = mkdtempSync(join(tmpdir(), 'petstore-recording-git-'));
    const log = join(folder, 'calls.log');
    // One line per process: its arguments, then its GIT_* variables, separated by US (0x1f).
    writeFileSync(
      join(folder, 'git'),
      `#!/bin/sh\n{ for a in "$@"; do printf '%s\\037' "$a"; done; printf '\\036'; env | grep '^GIT_' | tr '\\n' '\\037'; echo; } >> ${log}\nexec ${realGit} "$@"\n`,
      { mode: 0o755 },
    );
    const repository = new GitRepository()
      .write('a.js', 'fetch(`/pets/${id}`);\n')
      .commit('2026-01-10')
      .write('a.js', 'fetch(`/pets/${id}`);\nfetch(`/pets/${x}`);\n')
      .commit('2026-02-10');
    const restore = withEnvironment({
      PATH: `${folder}:${process.env.PATH ?? ''}`,
      GIT_DIR: '/nonexistent',
    });
    try {
      await countHistory(settingsFor(repository.root));
      await changedSince(repository.root, 'HEAD~1');
      await headCommit(repository.root);
      await gitDirectory(repository.root);
    } finally {
      restore();
      repository.dispose();
    }
    const calls = readFileSync(log, 'utf8').split('\n').filter(Boolean);
    rmSync(folder, { recursive: true, force: true });
    const commands = new Set<string>();
    for (const call of calls) {
      const [argumentText = '', environmentText = ''] = call.split('\x1e');
      const args = argumentText.split('\x1f').filter(Boolean);
      // The user's safe.directory entries, read once from their own configuration file.
      if (args[0] === 'config' && args.includes('safe.directory')) continue;
      const afterRepository = args.indexOf('-C') + 2;
      assert.ok(afterRepository >= 2, `no -C: ${args.join(' ')}`);
      const command = args[afterRepository]!;
      commands.add(command);
      assert.deepEqual(args.slice(0, 2), ['--no-pager', '--no-optional-locks'], command);
      for (const [key, value] of HARDENED_CONFIG)
        assert.ok(args.includes(`${key}=${value}`), `${command} without ${key}=${value}`);
      const environment = new Map(
        environmentText
          .split('\x1f')
          .filter(Boolean)
          .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
      );
      for (const [name, value] of Object.entries(HARDENED_ENVIRONMENT))
        if (name.startsWith('GIT_'))
          assert.equal(environment.get(name), value, `${command}: ${name}`);
      assert.equal(environment.get('GIT_DIR'), undefined, `${command} inherited GIT_DIR`);
    }
    assert.deepEqual([...commands].sort(), [
      'cat-file',
      'config',
      'diff',
      'diff-tree',
      'log',
      'ls-files',
      'ls-tree',
      'rev-parse',
    ]);
  });

  it('only absolute PATH folders are searched for git: a git in the folder being read is never run', () => {
    const folder = mkdtempSync(join(tmpdir(), 'petstore-planted-git-'));
    writeFileSync(join(folder, 'git'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    try {
      const planted = relative(process.cwd(), folder);
      const found = gitExecutable([planted, '', '.', process.env.PATH].join(delimiter));
      assert.ok(isAbsolute(found) && dirname(found) !== folder, found);
      // The same folder named absolutely is searched: the test can tell the two apart.
      assert.equal(gitExecutable([folder, process.env.PATH].join(delimiter)), join(folder, 'git'));
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

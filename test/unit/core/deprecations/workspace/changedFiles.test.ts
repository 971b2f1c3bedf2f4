import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync } from 'node:fs';
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { changedSince } from '../../../../../src/core/deprecations/workspace/changedFiles';

/** A repository with one commit of `files`, then `edits` written to the work tree. */
async function repository(
  files: Record<string, string>,
  edits: Record<string, string>,
  config: string[][] = [],
): Promise<string> {
  const repo = await realpath(await mkdtemp(join(tmpdir(), 'petstore-changed-')));
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
      cwd: repo,
      stdio: 'pipe',
    });
  git('init', '-q', '-b', 'main');
  const write = async (entries: Record<string, string>) => {
    for (const [path, text] of Object.entries(entries)) {
      await mkdir(join(repo, path, '..'), { recursive: true });
      await writeFile(join(repo, path), text);
    }
  };
  await write(files);
  git('add', '.');
  git('commit', '-q', '-m', 'base');
  // The repository's own configuration, as an attacker or an unlucky user leaves it.
  for (const [key, value] of config) git('config', key!, value!);
  await write(edits);
  return repo;
}

describe('changed files and lines since a revision (--changed-since, --only-changed-lines)', () => {
  it('reads the diff by its structure: an added line starting with "++ " is code, not a header', async () => {
    const base = 'let b = { c: 1 };\nconst x = 1;\nconst y = 2;\nconst z = 3;\n';
    const repo = await repository(
      { 'a.js': base },
      // Two hunks: the "++ " line, then (after unchanged lines) a new call.
      { 'a.js': base.replace('\n', '\n++ b.c;\n') + 'fetch(`/pets/${id}`);\n' },
    );
    try {
      const changed = await changedSince(repo, 'HEAD');
      assert.deepEqual([...changed.lines.get(join(repo, 'a.js'))!].sort(), [2, 6]);
    } finally {
      await rm(repo, { recursive: true, force: true });
    }
  });

  it('gives the same files and lines whatever the diff prefixes the configuration asks for', async () => {
    for (const config of [
      [['diff.mnemonicPrefix', 'true']],
      [['diff.noprefix', 'true']],
      [['color.ui', 'always']],
    ]) {
      const repo = await repository(
        { 'b/x.js': 'const a = 1;\n', 'y.js': 'const a = 1;\n' },
        { 'b/x.js': 'const a = 1;\nfetch(`/pets/${id}`);\n', 'y.js': 'const a = 2;\n' },
        config,
      );
      try {
        const changed = await changedSince(repo, 'HEAD');
        const label = config.map((pair) => pair.join('=')).join();
        assert.deepEqual(
          [...changed.lines.entries()].map(
            ([path, lines]) => `${path.slice(repo.length)}:${[...lines].join(',')}`,
          ),
          ['/b/x.js:2', '/y.js:1'],
          label,
        );
      } finally {
        await rm(repo, { recursive: true, force: true });
      }
    }
  });

  it('runs nothing the repository configures: no fsmonitor hook, textconv filter or external diff', async () => {
    const marker = join(await realpath(tmpdir()), `petstore-ran-${process.pid}`);
    const script = join(await realpath(tmpdir()), `petstore-evil-${process.pid}.sh`);
    await writeFile(script, `#!/bin/sh\ntouch ${marker}\ncat "$1" 2>/dev/null\n`);
    chmodSync(script, 0o755);
    const repo = await repository(
      { 'a.js': 'const a = 1;\n', '.gitattributes': '*.js diff=evil\n' },
      { 'a.js': 'const a = 2;\n' },
      [
        ['core.fsmonitor', script],
        ['diff.evil.textconv', script],
        ['diff.external', script],
      ],
    );
    try {
      const changed = await changedSince(repo, 'HEAD');
      assert.deepEqual([...changed.lines.get(join(repo, 'a.js'))!], [1]);
      assert.equal(existsSync(marker), false, 'a configured command ran');
    } finally {
      await rm(repo, { recursive: true, force: true });
      await rm(marker, { force: true });
      await rm(script, { force: true });
    }
  });
});

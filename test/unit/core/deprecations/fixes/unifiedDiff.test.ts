import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DeprecationEngine } from '../../../../../src/core/deprecations/engine';
import { applyEdits } from '../../../../../src/core/deprecations/fixes/sourceEdit';
import { migrateText } from '../../../../../src/core/deprecations/fixes/migrateText';
import { unifiedDiff } from '../../../../../src/core/deprecations/fixes/unifiedDiff';
import { languageOfPath } from '../../../../../src/core/deprecations/lexers/languages';
import { relativeModules } from '../../../../../src/core/deprecations/workspace/moduleText';

const REWRITES = resolve(__dirname, '../../../../fixtures/rewrites');

/** What `git apply` makes of `before` with the diff. */
function applied(before: string, diff: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'petstore-diff-'));
  try {
    writeFileSync(join(folder, 'file'), before);
    writeFileSync(join(folder, 'change.diff'), diff);
    execFileSync('git', ['apply', '--unidiff-zero', '--whitespace=nowarn', 'change.diff'], {
      cwd: folder,
      stdio: 'pipe',
    });
    return readFileSync(join(folder, 'file'), 'utf8');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe('fix’s unified diff, made from the edits: git applies it and gets the rewritten file', () => {
  it('on every before/after file, and on edits at the start, the end and around a missing final newline', () => {
    let checked = 0;
    for (const name of readdirSync(REWRITES).filter((entry) => !entry.includes('.'))) {
      const folder = join(REWRITES, name);
      const before = readdirSync(folder).find((file) => file.startsWith('before.'));
      if (!before || !existsSync(join(folder, before.replace('before', 'after')))) continue;
      const text = readFileSync(join(folder, before), 'utf8');
      const language = languageOfPath(before)!;
      const result = migrateText(
        {
          path: `${name}/${before}`,
          text,
          language,
          moduleText: relativeModules(join(folder, 'before'), [folder]),
        },
        new DeprecationEngine().scan(text, language),
      );
      // A rewrite that reads its project's files (a C# helper's class) has none here: the
      // before/after test runs it in a copy of its project.
      if (result.edits.length === 0) continue;
      assert.equal(applied(text, unifiedDiff('file', text, result.edits)), result.next, name);
      checked++;
    }
    assert.ok(checked > 20, `only ${checked} before/after files`);
    const text = 'one\ntwo\nthree';
    for (const edits of [
      [{ start: 0, end: 0, newText: 'zero\n' }],
      [{ start: text.length, end: text.length, newText: '\nfour' }],
      [
        { start: 4, end: 7, newText: 'TWO' },
        { start: 8, end: 13, newText: 'THREE\n' },
      ],
      // A helper inserted at the file's start and the first line's request rewritten (a script
      // with no shebang), listed in either order: the helper comes first, as applyEdits puts it.
      [
        { start: 0, end: 3, newText: 'ONE' },
        { start: 0, end: 0, newText: 'helper\n' },
      ],
    ]) {
      const diff = unifiedDiff('file', text, edits);
      assert.equal(applied(text, diff), applyEdits(text, edits), JSON.stringify(edits));
    }
  });
});

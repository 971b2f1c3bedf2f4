import assert from 'node:assert/strict';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DeprecationEngine } from '../../../../../src/core/deprecations/engine';
import { migrateText } from '../../../../../src/core/deprecations/fixes/migrateText';
import { languageOfPath } from '../../../../../src/core/deprecations/lexers/languages';
import { relativeModules } from '../../../../../src/core/deprecations/workspace/moduleText';

const FOLDER = resolve(__dirname, '../../../../fixtures/rewrites');
/** UPDATE_REWRITES=1 writes each `after` from what the rewrite gives (to review in the diff). */
const UPDATE = process.env.UPDATE_REWRITES === '1';

/** `before`'s neighbours in its folder are the modules it imports (`./api`). */
function migrate(path: string, text: string, folder: string) {
  const language = languageOfPath(path)!;
  const findings = new DeprecationEngine().scan(text, language);
  const moduleText = relativeModules(join(folder, 'before'), [folder]);
  return migrateText({ path, text, language, moduleText }, findings);
}

/** Files of a fixture's folder that are not the project around `before`. */
const EXPECTED = /^(after\.[^.]+|manual\.txt)$/;

/**
 * Where `before` is rewritten: its name in the fixtures (a text with no file on disk, the rewrite
 * sees only it), or, when its folder holds more than before/after/manual.txt (a .csproj,
 * package.json, a Java type), a copy of the folder as a repository of its own (a `.git` folder at
 * its root), so the rewrite reads those files as a project's and nothing of this repository.
 */
function placeOf(name: string, before: string, work: () => string): string {
  const folder = join(FOLDER, name);
  const project = readdirSync(folder).filter((file) => file !== before && !EXPECTED.test(file));
  if (project.length === 0) return `${name}/${before}`;
  const copy = join(work(), name);
  mkdirSync(join(copy, '.git'), { recursive: true });
  for (const file of [before, ...project])
    cpSync(join(folder, file), join(copy, file), { recursive: true });
  return join(copy, before);
}

describe('rewrites on before/after files: the request changed, the file’s style kept, twice the same', () => {
  let work: string | undefined;
  const workFolder = () => (work ??= mkdtempSync(join(tmpdir(), 'rewrites-')));
  after(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  for (const name of readdirSync(FOLDER, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name))
    it(name, () => {
      const files = readdirSync(join(FOLDER, name));
      const before = files.find((file) => file.startsWith('before.'))!;
      const extension = before.slice('before'.length);
      const text = readFileSync(join(FOLDER, name, before), 'utf8');
      const path = placeOf(name, before, workFolder);
      const result = migrate(path, text, join(FOLDER, name));
      const manual = join(FOLDER, name, 'manual.txt');
      if (existsSync(manual)) {
        assert.equal(result.next, text, 'a request that cannot be rewritten is left whole');
        assert.deepEqual(
          result.manual.map((left) => left.reason),
          readFileSync(manual, 'utf8').trim().split('\n'),
        );
        for (const left of result.manual) assert.ok(left.snippet, 'a ready snippet comes with it');
        return;
      }
      const afterPath = join(FOLDER, name, `after${extension}`);
      if (UPDATE) writeFileSync(afterPath, result.next);
      assert.deepEqual(result.manual, []);
      assert.ok(result.fixed.length > 0, 'nothing was rewritten');
      assert.equal(result.next, readFileSync(afterPath, 'utf8'));
      const again = migrate(path, result.next, join(FOLDER, name));
      assert.equal(again.fixed.length + again.manual.length, 0, 'a finding is left after the fix');
      assert.equal(again.next, result.next);
    });
});

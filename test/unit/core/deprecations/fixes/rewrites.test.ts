import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
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

describe('rewrites on before/after files: the request changed, the file’s style kept, twice the same', () => {
  for (const name of readdirSync(FOLDER, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name))
    it(name, () => {
      const files = readdirSync(join(FOLDER, name));
      const before = files.find((file) => file.startsWith('before.'))!;
      const extension = before.slice('before'.length);
      const text = readFileSync(join(FOLDER, name, before), 'utf8');
      const result = migrate(`${name}/before${extension}`, text, join(FOLDER, name));
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
      assert.equal(result.next, readFileSync(afterPath, 'utf8'));
      const again = migrate(`${name}/after${extension}`, result.next, join(FOLDER, name));
      assert.equal(again.fixed.length + again.manual.length, 0, 'a finding is left after the fix');
      assert.equal(again.next, result.next);
    });
});

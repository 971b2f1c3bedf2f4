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
import { join, relative, resolve } from 'node:path';
import { DeprecationEngine } from '../../../../../src/core/deprecations/engine';
import { migrateText } from '../../../../../src/core/deprecations/fixes/migrateText';
import { languageOfPath } from '../../../../../src/core/deprecations/lexers/languages';
import { deprecatedOperationNames } from '../../../../../src/core/deprecations/workspace/openApiDocuments';
import { filesUnder } from '../../../../support/filesUnder';

/**
 * Calls of generated clients: each folder holds the call site (`before.*`, with `after.*` or the
 * expected reasons in `manual.txt`), the generated client's files beside it and, for most, the
 * OpenAPI document it was generated from. The folder is copied to a repository of its own (a
 * `.git` folder at its root) so the rewrite reads only that folder's documents and sources.
 */
const FOLDER = resolve(__dirname, '../../../../fixtures/generated-clients');
/** UPDATE_REWRITES=1 writes each `after` from what the rewrite gives (to review in the diff). */
const UPDATE = process.env.UPDATE_REWRITES === '1';

function engineFor(folder: string): DeprecationEngine {
  const names = filesUnder(folder)
    .filter((file) => /\.ya?ml$/.test(file))
    .flatMap((file) => {
      const reading = deprecatedOperationNames(readFileSync(file, 'utf8'));
      return reading && 'names' in reading ? reading.names : [];
    });
  return new DeprecationEngine(names.length ? { operationNames: names } : {});
}

function migrate(engine: DeprecationEngine, path: string, text: string) {
  const language = languageOfPath(path)!;
  return migrateText({ path, text, language }, engine.scan(text, language));
}

describe('generated clients’ calls: the call site rewritten to the same client’s list operation, the generated files untouched', () => {
  let work: string;
  before(() => {
    work = mkdtempSync(join(tmpdir(), 'generated-clients-'));
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  for (const name of readdirSync(FOLDER, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name))
    it(name, () => {
      const copy = join(work, name);
      cpSync(join(FOLDER, name), copy, { recursive: true });
      mkdirSync(join(copy, '.git'));
      const engine = engineFor(copy);
      const files = filesUnder(copy);
      const before = files.find((file) => /[\\/]before\.[^\\/]+$/.test(file))!;
      const extension = before.slice(before.lastIndexOf('.'));
      const text = readFileSync(before, 'utf8');
      const result = migrate(engine, before, text);

      // The generated client's files: never changed; their own request is left with the advice.
      for (const file of files) {
        const shown = relative(copy, file);
        if (file === before || !languageOfPath(file) || /[\\/](after|before)\./.test(file))
          continue;
        const source = readFileSync(file, 'utf8');
        const generated = migrate(engine, file, source);
        assert.equal(generated.next, source, `${shown} is changed`);
        for (const left of generated.manual)
          assert.match(left.reason, /generated file/, `${shown}: ${left.reason}`);
      }

      const manual = join(FOLDER, name, 'manual.txt');
      if (existsSync(manual)) {
        assert.equal(result.next, text, 'a call that cannot be rewritten is left whole');
        assert.deepEqual(
          result.manual.map((left) => left.reason),
          readFileSync(manual, 'utf8').trim().split('\n'),
        );
        for (const left of result.manual) assert.ok(left.snippet, 'a ready snippet comes with it');
        return;
      }
      const afterPath = join(
        FOLDER,
        name,
        relative(copy, before).replace(/before\.[^.]+$/, `after${extension}`),
      );
      if (UPDATE) writeFileSync(afterPath, result.next);
      assert.deepEqual(result.manual, []);
      assert.ok(result.fixed.length > 0, 'nothing was rewritten');
      assert.equal(result.next, readFileSync(afterPath, 'utf8'));
      const afterCopy = before.replace(/before(\.[^.]+)$/, 'after$1');
      writeFileSync(afterCopy, result.next);
      const again = migrate(engine, afterCopy, result.next);
      assert.equal(again.fixed.length + again.manual.length, 0, 'a finding is left after the fix');
      assert.equal(again.next, result.next);
    });
});

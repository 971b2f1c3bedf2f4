import assert from 'node:assert/strict';
import { languageOfPath } from '../../../../../src/core/deprecations/lexers/languages';
import { languageInterleavedOrder } from '../../../../../src/core/deprecations/workspace/scanOrder';

describe('the order files are scanned in: one of each language in turn', () => {
  const listed = (...paths: string[]) =>
    paths.map((path) => ({ path, language: languageOfPath(path) }));
  const scanned = (...paths: string[]) => {
    const files = listed(...paths);
    return languageInterleavedOrder(files).map((index) => files[index]!.path);
  };

  it('takes one file of each language in turn, each language in listing order', () => {
    assert.deepEqual(scanned('go/a.go', 'go/b.go', 'go/c.go', 'py/a.py', 'py/b.py', 'web/a.ts'), [
      'go/a.go',
      'py/a.py',
      'web/a.ts',
      'go/b.go',
      'py/b.py',
      'go/c.go',
    ]);
  });

  it('counts languages by lexer: TypeScript and JavaScript take one turn', () => {
    assert.deepEqual(scanned('a.ts', 'b.js', 'c.tsx', 'd.py'), ['a.ts', 'd.py', 'b.js', 'c.tsx']);
  });

  it('gives extensionless possible scripts a turn of their own', () => {
    assert.deepEqual(scanned('bin/deploy', 'bin/release', 'src/a.py'), [
      'bin/deploy',
      'src/a.py',
      'bin/release',
    ]);
  });

  it('keeps the listing as it is with one language, and gives every file exactly once', () => {
    assert.deepEqual(scanned('b.ts', 'a.ts', 'c.ts'), ['b.ts', 'a.ts', 'c.ts']);
    assert.deepEqual(languageInterleavedOrder([]), []);
    const many = listed(
      ...Array.from(
        { length: 500 },
        (_, i) => `f${i}.${['go', 'py', 'rb', 'java', 'ts'][(i % 7) % 5]}`,
      ),
    );
    const order = languageInterleavedOrder(many);
    assert.deepEqual(
      [...order].sort((a, b) => a - b),
      many.map((_, index) => index),
    );
  });
});

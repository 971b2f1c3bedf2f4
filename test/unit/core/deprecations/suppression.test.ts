import assert from 'node:assert/strict';
import { DeprecationEngine } from '../../../../src/core/deprecations/engine';
import { languageOfPath } from '../../../../src/core/deprecations/lexers/languages';
import { findingLines } from './support';

describe('deprecated getPet finder: suppression, positions, options', () => {
  it('petstore-ignore-next-line silences the next line, in any comment syntax', () => {
    assert.deepEqual(
      findingLines(
        'a.ts',
        '// petstore-ignore-next-line\nfetch(`/pets/${id}`)\nfetch(`/pets/${id}`)',
      ),
      [3],
    );
    assert.deepEqual(
      findingLines('a.ts', '/* petstore-ignore-next-line */\nfetch(`/pets/${id}`)'),
      [],
    );
    assert.deepEqual(
      findingLines('a.py', '# petstore-ignore-next-line\nrequests.get(f"{B}/pets/{i}")'),
      [],
    );
    assert.deepEqual(findingLines('a.sh', '# petstore-ignore-next-line\ncurl "$B/pets/$I"'), []);
    assert.deepEqual(findingLines('a.http', '# petstore-ignore-next-line\nGET {{b}}/pets/1'), []);
    assert.deepEqual(findingLines('a.rb', '# petstore-ignore-next-line\napi.get_pet(1)'), []);
    assert.deepEqual(
      findingLines('a.php', '<?php\n# petstore-ignore-next-line\n$api->getPet(1);'),
      [],
    );
  });

  it('covers a call that spans lines when the comment is above its first line', () => {
    const code = '# petstore-ignore-next-line\nr = requests.get(\n    f"{B}/pets/{i}",\n)';
    assert.deepEqual(findingLines('a.py', code), []);
  });

  it('does not reach further than the next line', () => {
    assert.deepEqual(
      findingLines('a.ts', '// petstore-ignore-next-line\n\nfetch(`/pets/${id}`)'),
      [3],
    );
  });

  it('petstore-ignore-file silences the whole file', () => {
    assert.deepEqual(
      findingLines('a.ts', 'fetch(`/pets/${a}`)\n// petstore-ignore-file\nfetch(`/pets/${b}`)'),
      [],
    );
    assert.deepEqual(findingLines('a.http', '# petstore-ignore-file\nGET {{b}}/pets/1'), []);
  });

  it('a suppression word in a string is not a comment', () => {
    assert.deepEqual(
      findingLines('a.ts', "const s = 'petstore-ignore-file';\nfetch(`/pets/${id}`)"),
      [2],
    );
  });

  it('reports exact zero-based ranges of the URL expression, and the statement line', () => {
    const code =
      'async function f() {\n  const r = await http.get(\n    base + "/pets/" + id,\n  );\n}';
    const [finding] = new DeprecationEngine().scan(code, languageOfPath('a.ts')!);
    assert.deepEqual(finding?.start, { line: 2, character: 4 });
    assert.deepEqual(finding?.end, { line: 2, character: 24 });
    assert.equal(finding?.anchorLine, 1);
    assert.equal(finding?.detail, '{…}/pets/{…}');
  });

  it('takes the operation names from the options', () => {
    const code = 'api.fetchPetById(1); api.getPet(2);';
    assert.deepEqual(findingLines('a.ts', code, { operationNames: ['fetchPetById'] }), [1]);
    const engine = new DeprecationEngine({ operationNames: ['fetchPetById'] });
    assert.deepEqual(
      engine.scan(code, languageOfPath('a.ts')!).map((f) => f.detail),
      ['fetchPetById'],
    );
  });

  it('rules out files that cannot contain a use without lexing them', () => {
    const engine = new DeprecationEngine();
    assert.equal(engine.mightContain('const x = "/pets?limit=1"'), false);
    assert.equal(engine.mightContain('x = "/pets/1"'), true);
    assert.equal(engine.mightContainBytes(Buffer.from('api.get_pet(1)')), true);
  });
});

describe('deprecated getPet finder: hostile input', () => {
  const languages = [
    'a.ts',
    'a.py',
    'a.go',
    'A.java',
    'a.kt',
    'a.cs',
    'a.rb',
    'a.php',
    'a.rs',
    'a.sh',
    'a.http',
  ];

  it('a single 1,000,000-character line is scanned, and the use at its end found', () => {
    const line = `var a=${'"x",'.repeat(250_000)}b=fetch("/pets/"+id);`;
    assert.equal(line.length > 1_000_000, true);
    assert.deepEqual(findingLines('a.js', line), [1]);
  });

  it('unterminated strings, comments, holes and brackets neither throw nor hang', () => {
    const fragments = [
      '"/pets/',
      "'",
      '`${',
      '/*',
      'f"{',
      '#{',
      '$(',
      '<<EOF\n',
      '(((',
      '"""',
      'r#"',
      '@"',
      '$"{',
      '%q(',
      '=begin',
    ];
    for (const name of languages) {
      for (const fragment of fragments) {
        const code = `x = ${fragment} "/pets/" + id ${fragment}`;
        assert.doesNotThrow(() => findingLines(name, code), `${name}: ${fragment}`);
      }
    }
  });

  it('inputs that make naive regular expressions backtrack stay linear', () => {
    const long = 200_000;
    assert.deepEqual(findingLines('a.http', `GET {{b}}/pets/{{id}}?x=${'{'.repeat(long)}`), [1]);
    assert.deepEqual(
      findingLines('a.py', `os.system("${'a/'.repeat(long)} curl $B/pets/$I")`),
      [1],
    );
    assert.deepEqual(findingLines('a.js', `fetch("GET /pets/1${' '.repeat(long)}HTTP/1.1x")`), []);
    // Only white space after the path: still the path (as in a triple-quoted string's last line).
    assert.deepEqual(findingLines('a.js', `x = "/pets/1${' '.repeat(long)}"`), [1]);
    assert.deepEqual(findingLines('a.js', `x = "GET /pets/1 ${' '.repeat(long)}x"`), []);
  });

  it('strings nested 100,000 deep in holes are read to their end, and the use after them found', () => {
    // JavaScript's templates once overflowed the call stack, which ended the whole scan.
    const deep = 100_000;
    const nested: [string, string][] = [
      ['a.ts', `x = ${'`${'.repeat(deep)}1${'}`'.repeat(deep)}\nfetch(\`/pets/\${id}\`);`],
      ['a.rb', `x = ${'"#{'.repeat(deep)}1${'}"'.repeat(deep)}\nHTTParty.get("/pets/#{id}")`],
      ['a.kt', `x = ${'"${'.repeat(deep)}1${'}"'.repeat(deep)}\nclient.get("/pets/$id")`],
    ];
    for (const [name, code] of nested) assert.deepEqual(findingLines(name, code), [2], name);
  });

  it('random bytes in every language neither throw nor hang', () => {
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const alphabet = '"\'`${}()[]/\\#%@<>=+.:;,\n pets/get_pet getPet r#"';
    for (let round = 0; round < 30; round++) {
      let code = '';
      for (let i = 0; i < 4000; i++) code += alphabet[Math.floor(random() * alphabet.length)];
      for (const name of languages) assert.doesNotThrow(() => findingLines(name, code), name);
    }
  });
});

describe('deprecated getPet finder: dense files', () => {
  // Spreading an array into a call's arguments puts each element on the stack: with Node's default
  // stack (~984 KB), `push(...items)` throws from about 125,000 items (measured on Node 20 and 24).
  // 150,000 findings are past what any default stack holds, so a spread of them anywhere in the
  // engine would throw here; the time of a larger file is measured in bench:robustness, not here.
  it('finds a call on every line of a 150,000-line file (a spread of that many findings once overflowed the stack)', () => {
    const lines = 150_000;
    const line = 'const pet = await fetch(`${BASE}/pets/${id}`);\n';
    const found = new DeprecationEngine().scan(line.repeat(lines), languageOfPath('a.ts')!);
    assert.equal(found.length, lines);
    assert.deepEqual(found[lines - 1]!.start, { line: lines - 1, character: 24 });
  });

  it('a spread of 150,000 items does overflow the stack (what the test above relies on)', () => {
    assert.throws(() => [].push(...new Array<never>(150_000)), RangeError);
  });
});

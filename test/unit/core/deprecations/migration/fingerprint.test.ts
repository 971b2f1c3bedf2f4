import assert from 'node:assert/strict';
import { fingerprintFindings } from '../../../../../src/core/deprecations/migration/fingerprint';
import { findingsIn } from '../support';

/** The fingerprints of a TypeScript file's findings, in order. */
function fingerprints(code: string, path = 'src/client.ts'): string[] {
  return fingerprintFindings(path, code, findingsIn('a.ts', code)).map((item) => item.fingerprint);
}

const ORIGINAL = [
  'export async function load(id: number) {',
  '  const pet = await fetch(`${BASE}/pets/${id}`);',
  '  return pet.json();',
  '}',
  '',
].join('\n');

describe('migration: fingerprints survive unrelated edits', () => {
  const [original] = fingerprints(ORIGINAL);

  it('keeps the fingerprint when code moves down or up', () => {
    assert.deepEqual(fingerprints(`// a header\n\n\n${ORIGINAL}`), [original]);
    assert.deepEqual(fingerprints(ORIGINAL.split('\n').slice(1).join('\n')), [original]);
  });

  it('keeps it when the call is re-indented or its white space changes', () => {
    assert.deepEqual(fingerprints(ORIGINAL.replace('  const pet', '        const pet')), [
      original,
    ]);
    assert.deepEqual(fingerprints(ORIGINAL.replace('\t', '').replace('= await', '=   await')), [
      original,
    ]);
  });

  it('keeps it when other lines of the file change', () => {
    const edited = ORIGINAL.replace(
      'return pet.json();',
      'const body = await pet.json();\n  return body;',
    );
    assert.deepEqual(fingerprints(`import x from 'y';\n${edited}\nexport const z = 1;\n`), [
      original,
    ]);
  });

  it('makes a new one when the call itself, the file or the rule context changes', () => {
    assert.notDeepEqual(fingerprints(ORIGINAL.replace('const pet', 'const found')), [original]);
    assert.notDeepEqual(fingerprints(ORIGINAL, 'src/renamed.ts'), [original]);
  });

  it('tells identical calls apart by their occurrence, so one removed is exactly one gone', () => {
    const twice = 'fetch(`/pets/${id}`);\nfetch(`/pets/${id}`);\n';
    const [first, second] = fingerprints(twice);
    assert.notEqual(first, second);
    assert.deepEqual(fingerprints('fetch(`/pets/${id}`);\n'), [first]);
  });

  it('cuts a minified line around the call, so edits far away on it keep the fingerprint', () => {
    const filler = 'a=1;'.repeat(500);
    const [minified] = fingerprints(`${filler}fetch(\`/pets/\${id}\`);${filler}`);
    assert.deepEqual(fingerprints(`${filler}b=2;fetch(\`/pets/\${id}\`);${filler}c=3;`).length, 1);
    const [farEdit] = fingerprints(`x=0;${filler}fetch(\`/pets/\${id}\`);${filler}`);
    assert.equal(farEdit, minified);
  });
});

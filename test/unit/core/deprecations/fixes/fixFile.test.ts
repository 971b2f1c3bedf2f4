import assert from 'node:assert/strict';
import { DeprecationEngine } from '../../../../../src/core/deprecations/engine';
import { fileStyleOf, type FileStyle } from '../../../../../src/core/deprecations/fixes/fileStyle';
import { fixFile } from '../../../../../src/core/deprecations/fixes/fixFile';
import type { RequestSite, Rewriter } from '../../../../../src/core/deprecations/fixes/rewriter';
import { languageOfPath } from '../../../../../src/core/deprecations/lexers/languages';

const TS = languageOfPath('client.ts')!;
const TEXT = [
  'export const load = (id: string) => fetch(`${BASE}/pets/${id}`)',
  'export const other = (id: string) => fetch(`${BASE}/pets/${id}`)',
  '',
].join('\r\n');

describe("a file's rewrite reads the file's style when a rewrite asks for it", () => {
  const requests = new DeprecationEngine().scan(TEXT, TS);
  const file = { path: 'client.ts', text: TEXT, language: TS };

  it('gives each site the style a reading of the whole text gives, read once for the file', () => {
    const styles: FileStyle[] = [];
    const reading: Rewriter = {
      library: 'test',
      rewrite: (site) => {
        styles.push(site.style);
        return { manual: 'left', snippet: '' };
      },
    };
    assert.equal(requests.length, 2);
    fixFile(file, requests, [reading]);
    assert.deepEqual(styles[0], fileStyleOf(TEXT));
    assert.equal(styles[0]?.eol, '\r\n');
    assert.equal(styles[1], styles[0]);
  });

  it('reads no style for requests all left for a person, none of them asking', () => {
    const sites: RequestSite[] = [];
    const leaving: Rewriter = {
      library: 'test',
      rewrite: (site) => {
        sites.push(site);
        return { manual: 'left', snippet: '' };
      },
    };
    const fix = fixFile(file, requests, [leaving]);
    assert.deepEqual(
      fix.manual.map((left) => left.reason),
      ['left', 'left'],
    );
    // The style is a getter on each site, not a value read before the rewrites ran.
    for (const site of sites)
      assert.equal(typeof Object.getOwnPropertyDescriptor(site, 'style')?.get, 'function');
  });

  it("ends an added helper with the file's line ending", () => {
    const helping: Rewriter = {
      library: 'test',
      rewrite: (site) => ({
        edits: [{ start: site.url.start, end: site.url.start, newText: '' }],
        helper: { name: 'h', code: 'function h() {}', definedIn: () => false },
        description: 'test',
      }),
    };
    const fix = fixFile(file, requests.slice(0, 1), [helping]);
    assert.equal(fix.edits.at(-1)?.newText, '\r\nfunction h() {}\r\n');
  });
});

describe('a file tsc compiled beside its TypeScript source is left, the source named', () => {
  const JS = languageOfPath('pet.service.js')!;
  const COMPILED = [
    '"use strict";',
    'var __decorate = (this && this.__decorate) || function (decorators, target) { return target; };',
    'var PetService = (function () {',
    '    function PetService(http) { this.http = http; }',
    '    PetService.prototype.findOne = function (id) {',
    '        return fetch("https://petstore.example/pets/" + id).then(function (r) { return r.json(); });',
    '    };',
    '    return PetService;',
    '}());',
    'exports.PetService = PetService;',
    '',
  ].join('\n');
  const requests = new DeprecationEngine().scan(COMPILED, JS);
  const rewriting: Rewriter = {
    library: 'test',
    rewrite: (site) => ({
      edits: [{ start: site.url.start, end: site.url.end, newText: 'x' }],
      description: 'test',
    }),
  };
  const file = (moduleText: (specifier: string) => string | undefined) => ({
    path: 'src/app/pet.service.js',
    text: COMPILED,
    language: JS,
    moduleText,
  });

  it('names pet.service.ts when it is beside the compiled file', () => {
    const asked: string[] = [];
    const fix = fixFile(
      file((specifier) => {
        asked.push(specifier);
        return specifier === './pet.service.ts' ? 'export class PetService {}' : undefined;
      }),
      requests,
      [rewriting],
    );
    assert.equal(requests.length, 1);
    assert.deepEqual(fix.edits, []);
    assert.deepEqual(
      fix.manual.map((left) => left.reason),
      ['compiled output of pet.service.ts beside it: migrate pet.service.ts and compile it again'],
    );
    assert.deepEqual(asked, ['./pet.service.ts']);
  });

  it('rewrites it when no TypeScript source is beside it (the JavaScript is the source)', () => {
    const fix = fixFile(
      file(() => undefined),
      requests,
      [rewriting],
    );
    assert.equal(fix.fixed.length, 1);
  });

  it('rewrites a hand-written file beside a TypeScript file of its name', () => {
    const handWritten = COMPILED.replace(/^var __decorate.*\n/m, '');
    const fix = fixFile(
      { ...file(() => 'export {}'), text: handWritten },
      new DeprecationEngine().scan(handWritten, JS),
      [rewriting],
    );
    assert.equal(fix.fixed.length, 1);
  });
});

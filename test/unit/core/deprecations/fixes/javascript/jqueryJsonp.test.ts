import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { DeprecationEngine } from '../../../../../../src/core/deprecations/engine';
import { migrateText } from '../../../../../../src/core/deprecations/fixes/migrateText';
import { languageOfPath } from '../../../../../../src/core/deprecations/lexers/languages';

/** What the test uses of jsdom, which ships no types (the proof programs use it from JavaScript). */
interface PageWindow {
  eval(code: string): unknown;
  close(): void;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { JSDOM } = require('jsdom') as {
  JSDOM: new (html: string, options: object) => { window: PageWindow };
};

const API = 'https://pets.other-origin.example';
const PETS = [
  { id: 7, name: 'Rex', status: 'pending' },
  { id: 8, name: 'Tom', status: 'sold' },
];

/** A page that asks another origin's API for a pet with JSONP, as pages without CORS did. */
const PAGE = [
  'function showPet(petId, done) {',
  `  var url = "${API}/pets/" + petId;`,
  '  $.ajax({',
  '    type: "GET",',
  '    url: url,',
  '    cache: false,',
  '    dataType: "jsonp",',
  '    success: function (data) {',
  '      done("found " + data.name);',
  '    },',
  '    error: function (xhr) {',
  '      done("error " + xhr.status);',
  '    }',
  '  });',
  '}',
  '',
].join('\n');

/**
 * Runs the page in jsdom with the real jQuery. Its script transport is replaced by the API: each
 * JSONP request's answer is `callback(json)`, evaluated as jQuery evaluates it; a request the API
 * does not answer fails as a script that does not load (jQuery reports 404).
 */
async function run(code: string, petId: number): Promise<{ answer: string; requested: string[] }> {
  const { window } = new JSDOM('<!doctype html><body></body>', {
    url: 'https://page.example/',
    runScripts: 'dangerously',
  });
  const requested: string[] = [];
  try {
    window.eval(readFileSync(require.resolve('jquery/dist/jquery.js'), 'utf8'));
    const $ = (window as unknown as { jQuery: JQueryLike }).jQuery;
    $.ajaxTransport('+script', (options) => ({
      send(_headers, complete) {
        const url = new URL(options.url);
        requested.push(`${url.pathname}?status=${url.searchParams.get('status') ?? ''}`);
        const one = /^\/pets\/(\d+)$/.exec(url.pathname);
        const body = one
          ? PETS.find((pet) => String(pet.id) === one[1])
          : url.pathname === '/pets'
            ? PETS.filter((pet) => pet.status === url.searchParams.get('status'))
            : undefined;
        const callback = url.searchParams.get('callback');
        if (!body || !callback) complete(404, 'error');
        else complete(200, 'success', { text: `${callback}(${JSON.stringify(body)})` });
      },
      abort() {},
    }));
    window.eval(code);
    const answer = await new Promise<string>((done) =>
      (window as unknown as { showPet: (id: number, done: (a: string) => void) => void }).showPet(
        petId,
        done,
      ),
    );
    return { answer, requested };
  } finally {
    window.close();
  }
}

interface JQueryLike {
  ajaxTransport(
    type: string,
    factory: (options: { url: string }) => {
      send(headers: unknown, complete: (status: number, text: string, body?: object) => void): void;
      abort(): void;
    },
  ): void;
}

describe('jQuery with JSONP: the lists asked with JSONP too', () => {
  const language = languageOfPath('page.js')!;
  const result = migrateText(
    { path: 'page.js', text: PAGE, language },
    new DeprecationEngine().scan(PAGE, language),
  );

  it('is rewritten, not left for a person', () => {
    assert.deepEqual(result.manual, []);
    assert.equal(result.fixed.length, 1);
  });

  it('answers as before for a pet in a list and for one in none, with no request of /pets/{id}', async () => {
    for (const petId of [7, 8, 99]) {
      const before = await run(PAGE, petId);
      const after = await run(result.next, petId);
      assert.equal(after.answer, before.answer, `pet ${petId}`);
      assert.deepEqual(before.requested, [`/pets/${petId}?status=`]);
      assert.ok(after.requested.length > 0);
      for (const request of after.requested) assert.match(request, /^\/pets\?status=\w+$/);
    }
    assert.equal((await run(result.next, 7)).answer, 'found Rex');
    assert.equal((await run(result.next, 99)).answer, 'error 404');
  });
});

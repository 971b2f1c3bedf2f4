import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const REWRITES = resolve(__dirname, '../../../../../fixtures/rewrites');

/** The rewritten Angular services of the before/after fixtures, with their text. */
function angularAfters(): { name: string; text: string; before: string }[] {
  return readdirSync(REWRITES)
    .filter(
      (name) => name.startsWith('angular-httpclient-') || name.startsWith('angular-legacy-http'),
    )
    .flatMap((name) =>
      readdirSync(join(REWRITES, name))
        .filter((file) => /^after\.[jt]s$/.test(file))
        .map((file) => ({
          name,
          text: readFileSync(join(REWRITES, name, file), 'utf8'),
          before: readFileSync(join(REWRITES, name, file.replace('after', 'before')), 'utf8'),
        })),
    );
}

/** The helper the rewrite added: from its doc comment to the end of the file. */
function helperOf(text: string): string {
  const at = text.indexOf('/**\n * Finds a pet with GET /pets');
  const crlf = text.indexOf('/**\r\n * Finds a pet with GET /pets');
  return text.slice(at >= 0 ? at : crlf);
}

/**
 * Angular's HttpClient helper is written for Angular 6 and later: what TypeScript 2.7 to 2.9 and
 * rxjs 6 read. Real projects on Angular 6 and 10 failed to build with the helper's `??`, its
 * `unknown`, `Parameters` and `Omit`, operators imported from 'rxjs' and numbers in HttpParams
 * (checked by hand with TypeScript 2.9, rxjs 6.2 and Angular 6.1 installed from npm).
 */
describe("the Angular helper builds in an Angular 6 project's TypeScript and rxjs", () => {
  const afters = angularAfters();

  it('has fixtures to check', () => assert.ok(afters.length >= 4, `${afters.length} fixtures`));

  for (const { name, text, before } of afters)
    it(`${name}: the helper is written in what TypeScript 2.7 reads and knows`, () => {
      const helper = helperOf(text);
      assert.ok(helper.length > 0, 'the helper is there');
      // What TypeScript 2.7 to 2.9 (Angular 6's) neither parses nor knows.
      for (const newer of [
        /\?\?/,
        /\?\.[\w[(]/,
        /\bunknown\b/,
        /\bParameters</,
        /\bOmit</,
        /\bNonNullable</,
        /\bReturnType</,
        /\bAwaited</,
        /\bsatisfies\b/,
        /#\w/,
      ])
        assert.doesNotMatch(helper, newer, `TypeScript 3 and later: ${String(newer)}`);
      // HttpParams take strings only before Angular 12.
      assert.doesNotMatch(helper, /set\('limit', \d/);
      assert.doesNotMatch(helper, /limit: \d/);
      // rxjs 6 has its operators in 'rxjs/operators' only; a file that takes one from 'rxjs' is
      // on rxjs 7.2 or later.
      const operatorFromRxjs =
        /import \{[^}]*\b(?:catchError|concatMap|map|find|switchMap)\b[^}]*\} from ['"]rxjs['"]/;
      if (!operatorFromRxjs.test(before)) assert.doesNotMatch(text, operatorFromRxjs);
    });
});

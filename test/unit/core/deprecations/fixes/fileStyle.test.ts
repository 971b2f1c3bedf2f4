import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import {
  fileStyleOf,
  styled,
  type FileStyle,
} from '../../../../../src/core/deprecations/fixes/fileStyle';
import { filesUnder } from '../../../../support/filesUnder';

const FIXTURES = resolve(__dirname, '../../../../fixtures');

/**
 * The style as it was read before it was read in one pass (lines split, trimmed and matched one
 * by one): the one-pass reading must give the same style for every text.
 */
function styleBySplitLines(text: string): FileStyle {
  const sample = text.length > 16 * 1024 ? text.slice(0, 16 * 1024) : text;
  const crlf = (sample.match(/\r\n/g) ?? []).length;
  const lf = (sample.match(/(?<!\r)\n/g) ?? []).length;
  const lines = sample.split(/\r?\n/);
  let tabs = 0;
  const steps = new Map<number, number>();
  let previous = 0;
  for (const line of lines) {
    if (!line.trim()) continue;
    const leading = /^[ \t]*/.exec(line)![0];
    if (line.trimStart().startsWith('*')) continue;
    if (leading.startsWith('\t')) {
      tabs++;
      continue;
    }
    const step = leading.length - previous;
    if (step > 0 && step <= 8) steps.set(step, (steps.get(step) ?? 0) + 1);
    previous = leading.length;
  }
  let best: [number, number] | undefined;
  for (const entry of steps)
    if (!best || entry[1] > best[1] || (entry[1] === best[1] && entry[0] < best[0])) best = entry;
  const indent = tabs > (best?.[1] ?? 0) ? '\t' : best ? ' '.repeat(best[0]) : undefined;
  const single = (sample.match(/[=(,:[\s]'[^'\n]*'/g) ?? []).length;
  const double = (sample.match(/[=(,:[\s]"[^"\n]*"/g) ?? []).length;
  const quote = single === double ? undefined : single > double ? "'" : '"';
  const trimmed = lines.map((line) => line.trim()).filter(Boolean);
  // A line that goes on a chain continues the line before it: that one ended no statement.
  const statements = trimmed.filter(
    (line, i) =>
      line.endsWith(';') || (/[\w)\]'"`]$/.test(line) && !trimmed[i + 1]?.startsWith('.')),
  );
  const ended = statements.filter((line) => line.endsWith(';')).length;
  return {
    eol: crlf > lf ? '\r\n' : '\n',
    indent: indent ?? '  ',
    quote: quote ?? "'",
    semicolons: statements.length ? ended * 2 >= statements.length : true,
  };
}

/** A reproducible text of pieces that end lines, indent them and trim differently. */
function oddText(seed: number, length: number): string {
  const pieces = [
    ...['\n', '\r\n', '\r', '\n\n', '\t', '  ', '    ', ' ', '\v', '\f'],
    ...['\u00a0', '\u2028', '\u2029', '\ufeff', '\u3000', '\u200b', '\u0085', '\u1680'],
    ...[';', ')', ']', "'", '"', '`', '_', 'x', '9', '}', '{', ',', 'é', '\ud83d\udc3e'],
    ...["= 'a'", '("b")', 'const a = 1', 'return x;', '// c;', '\t\tcall();'],
  ];
  let state = seed;
  let text = '';
  while (text.length < length) {
    state = (state * 1103515245 + 12345) % 2147483648;
    text += pieces[state % pieces.length];
  }
  return text;
}

describe("a file's style, read in one pass", () => {
  it('is the style the split lines give, for every fixture file', () => {
    const files = filesUnder(FIXTURES);
    assert.ok(files.length > 300, `${files.length} files`);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      assert.deepEqual(fileStyleOf(text), styleBySplitLines(text), file);
    }
  });

  it('is the style the split lines give, whatever ends, indents and spaces the lines hold', () => {
    for (let seed = 1; seed <= 400; seed++) {
      const text = oddText(seed, seed % 7 === 0 ? 17_000 : 40 + (seed % 300));
      assert.deepEqual(fileStyleOf(text), styleBySplitLines(text), JSON.stringify(text));
    }
  });

  it('reads the first 16 KB, even when they end between a CR and its LF', () => {
    const line = "\tconst a = 'b';\r\n";
    const text = `${'x'.repeat(16 * 1024 - 1)}\r\n${line.repeat(50)}`;
    assert.deepEqual(fileStyleOf(text), styleBySplitLines(text));
    assert.equal(fileStyleOf(line.repeat(10)).eol, '\r\n');
    assert.equal(fileStyleOf(text).eol, '\n', 'no line of the sample ends with CRLF');
  });

  it('takes no step from a block comment’s continuation lines (a Javadoc’s " * ")', () => {
    const text = [
      '/**',
      ' * A client.',
      ' */',
      'public interface ApiClient {',
      '    /**',
      '     * Get list of all pets.',
      '     * @param limit at most 100',
      '     */',
      '    @GET("pets")',
      '    Call<List<Pet>> getPets(@Query("limit") Integer limit);',
      '    /**',
      '     * Get pet by ID.',
      '     */',
      '    @GET("pets/{petId}")',
      '    Call<Pet> getPetById(@Path("petId") String petId);',
      '}',
      '',
    ].join('\n');
    assert.equal(fileStyleOf(text).indent, '    ');
    assert.deepEqual(fileStyleOf(text), styleBySplitLines(text));
  });

  it('takes the smaller of two steps seen as often (an annotation’s arguments two levels in)', () => {
    const text = [
      '@FeignClient(',
      '        name = "pet-service",',
      '        url = "${services.pet-service-url}/pets"',
      ')',
      'public interface PetServiceClient {',
      '    @GetMapping("/{id}")',
      '    ResponseEntity<PetResource> get(@PathVariable Integer id);',
      '}',
      '',
    ].join('\n');
    assert.equal(fileStyleOf(text).indent, '    ');
    assert.deepEqual(fileStyleOf(text), styleBySplitLines(text));
  });

  it('counts a chain split over lines (`.subscribe(…);` under a call) as one statement', () => {
    const text = [
      'export class PetService {',
      '    all(cb){',
      '        this.http.get("/api/pets")',
      '        .subscribe( data => cb(data) );',
      '    }',
      '    findById(id,cb){',
      '        this.http.get("/api/pets/"+id)',
      '        .subscribe( data => cb(data) );',
      '    }',
      '    destroy(id,cb){',
      '        this.http.delete("/api/pets/"+id)',
      '        .subscribe( data => cb( data ) )',
      '    }',
      '}',
      '',
    ].join('\n');
    assert.equal(fileStyleOf(text).semicolons, true);
    assert.deepEqual(fileStyleOf(text), styleBySplitLines(text));
  });

  it('takes the indentation, quote and semicolons of the lines, blank ones aside', () => {
    const text = ['def f():', '    x = "a"', '  \u00a0', '    return x', ''].join('\n');
    assert.deepEqual(fileStyleOf(text), {
      eol: '\n',
      indent: '    ',
      quote: '"',
      semicolons: false,
    });
    const tabs = ['function f() {', '\tg();', '\treturn 1;', '}', ''].join('\r\n');
    assert.deepEqual(fileStyleOf(tabs), {
      eol: '\r\n',
      indent: '\t',
      quote: "'",
      semicolons: true,
    });
  });
});

describe('helper code in the style of a file without semicolons', () => {
  const style: FileStyle = { indent: '  ', quote: "'", semicolons: false, eol: '\n' };

  it('keeps the semicolon before a line starting with [, ( or a template (else one expression)', () => {
    const code = styled(
      [
        'var query = options.data;',
        "['a', 'b'].forEach(function (name) {",
        '  delete options[name];',
        '});',
        'var run = start;',
        '',
        '(function () {})();',
        'var text = name;',
        '`${text}`.trim();',
      ],
      style,
      { semicolons: true },
    );
    assert.equal(
      code,
      [
        'var query = options.data;',
        "['a', 'b'].forEach(function (name) {",
        '  delete options[name]',
        '})',
        'var run = start;',
        '',
        '(function () {})()',
        'var text = name;',
        '`${text}`.trim()',
      ].join('\n'),
    );
    // Each statement stays its own: the text runs as the lines meant.
    const options: Record<string, unknown> = { data: 1, a: 1, b: 1 };
    const ran: unknown = runInNewContext(`${code};\n[query, options]`, {
      options,
      start: 0,
      name: 'x',
    });
    assert.equal(JSON.stringify(ran), JSON.stringify([1, { data: 1 }]));
  });
});

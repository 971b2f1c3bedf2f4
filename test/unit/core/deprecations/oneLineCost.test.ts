import assert from 'node:assert/strict';
import { DeprecationEngine } from '../../../../src/core/deprecations/engine';
import {
  languageOfPath,
  type LanguageSupport,
} from '../../../../src/core/deprecations/lexers/languages';

/**
 * Minified and generated code puts thousands of uses on one line. Every judge reads back to a
 * line's, statement's or chain's start; unbounded, each use read all the uses before it, and a
 * 3 MB bundle with 100,000 of them took four minutes. The cost is counted in token reads, not
 * timed: the reads must grow with the number of uses, not with its square.
 */
describe('deprecated getPet finder: cost of a one-line file', function () {
  // Counting every read through a proxy is slow: a few seconds per shape, more on a busy machine.
  this.timeout(120_000);

  /** The language's support, with a lexer whose tokens count every read of them. */
  function counting(name: string): { language: LanguageSupport; reads: () => number } {
    const real = languageOfPath(name)!;
    let reads = 0;
    const language: LanguageSupport = {
      ...real,
      lex: (src, range) => {
        const lexed = real.lex!(src, range);
        const tokens = new Proxy(lexed.tokens, {
          // Every property read counts (indices and length): both grow with the walks.
          get(target, key) {
            reads++;
            return Reflect.get(target, key) as unknown;
          },
        });
        return { ...lexed, tokens };
      },
    };
    return { language, reads: () => reads };
  }

  /** Token reads to judge `uses` repetitions of `unit` on one line, and the findings. */
  function cost(name: string, unit: (i: number) => string, uses: number, prefix: string) {
    const { language, reads } = counting(name);
    let code = prefix;
    for (let i = 0; i < uses; i++) code += unit(i);
    // Whole-file lexing: the windowed path would cut nothing out of a single line anyway.
    const engine = new DeprecationEngine({ windowedAboveBytes: Infinity });
    const found = engine.scan(code, language).length;
    return { reads: reads(), found };
  }

  const cases: [label: string, name: string, unit: (i: number) => string, prefix?: string][] = [
    ['stored URLs (assignment, indentation)', 'a.js', (i) => `a${i}=fetch("/pets/"+id${i});`],
    ['URLs in object literals (statement start)', 'a.js', (i) => `{u:"/pets/${i}",m:"GET",`],
    ['joined segments', 'a.js', (i) => `x${i}=["pets",id].join("/");`],
    ['a URL used twice', 'a.js', () => `u=b+"/pets/"+i;g(u);h(u);`],
    ['a fluent chain of calls', 'a.js', (i) => `.get("/pets/${i}")`, 'a'],
    ['calls of the operation', 'a.js', (i) => `getPet(${i});`],
    ['shell variables', 'a.sh', () => `U="$B/pets/$I"; curl "$U";`],
    [
      'PHP curl handles',
      'a.php',
      (i) => `$ch${i} = curl_init("/pets/1"); curl_setopt($ch${i}, CURLOPT_URL, "/pets/2");`,
      '<?php ',
    ],
  ];

  /**
   * Tokens in the smaller file: more than the judges' reaches (4,000 tokens ahead for a variable's
   * uses), so that growth past it shows how the cost scales, not how the reaches fill up.
   */
  const SMALL_FILE_TOKENS = 9_000;

  for (const [label, name, unit, prefix = ''] of cases) {
    it(`${label}: three times the uses, about three times the reads`, () => {
      const perUse = languageOfPath(name)!.lex!(prefix + unit(1) + unit(2)).tokens.length / 2;
      const uses = Math.ceil(SMALL_FILE_TOKENS / perUse);
      const small = cost(name, unit, uses, prefix);
      const large = cost(name, unit, uses * 3, prefix);
      assert.ok(large.found >= small.found, 'the larger file has at least the smaller one’s uses');
      const growth = large.reads / small.reads;
      // Linear is 3; the unbounded walks made it 7 to 9 here.
      assert.ok(growth < 4, `reads grew ${growth.toFixed(1)}x (${small.reads} -> ${large.reads})`);
    });
  }
});

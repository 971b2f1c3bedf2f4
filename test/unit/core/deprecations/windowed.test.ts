import assert from 'node:assert/strict';
import { DeprecationEngine } from '../../../../src/core/deprecations/engine';
import { languageOfPath } from '../../../../src/core/deprecations/lexers/languages';
import { ALL_CASES } from './allCases';

/** Neutral code per language, with multi-line strings and comments that a window must not start inside. */
const FILLER: Record<string, string> = {
  ts: '/* a block comment\n   spanning lines with "/pets/1" inside */\nconst t = `multi\nline ${x}\ntemplate`;\nfunction f(a: number) { return a + 1; }\n',
  js: '/* block\n comment "/pets/1" */\nconst t = `multi\nline`;\nfunction f(a) { return a + 1; }\n',
  tsx: "const e = <div>Don't {x}</div>;\nfunction f(a: number) { return a + 1; }\n",
  py: 'def f(a):\n    """Docstring\n    spanning lines: requests.get(f"{B}/pets/{i}")\n    """\n    return a + 1\n\n',
  go: 'const raw = `multi\nline "quoted"`\n// comment with "/pets/1"\nfunc f(a int) int { return a + 1 }\n',
  java: 'String block = """\n    text "quoted"\n    """;\n/* "/pets/1" */\nint f(int a) { return a + 1; }\n',
  kt: 'val raw = """\n  text "quoted"\n"""\n// "/pets/1"\nfun f(a: Int) = a + 1\n',
  cs: 'var v = @"multi\nline ""quoted""";\n// "/pets/1"\nint F(int a) { return a + 1; }\n',
  rb: 'x = <<~EOS\n  text \'quoted\'\nEOS\n# get_pet(1) "/pets/1"\ndef f(a)\n  a + 1\nend\n',
  php: '<?php\n/* block\n comment "/pets/1" */\nfunction f($a) { return $a + 1; }\n',
  rs: 'let s = "multi\nline \'q\'";\n/* /* nested */ "/pets/1" */\nfn f(a: i32) -> i32 { a + 1 }\n',
  dart: "final raw = '''\nmulti 'quoted' $x\n''';\n/* /* nested */ '/pets/1' */\nint f(int a) => a + 1;\n",
  swift:
    'let block = """\n  text "quoted" \\(x)\n"""\n/* /* nested */ "/pets/1" */\nfunc f(_ a: Int) -> Int { a + 1 }\n',
  scala:
    'val raw = s"""\n  text "quoted" $x\n"""\n/* /* nested */ "/pets/1" */\ndef f(a: Int): Int = a + 1\n',
  ex: '@doc """\nGET /pets/1 in a doc\n"""\ndef f(a), do: a + 1\n# "/pets/1"\nx = ~s(multi\nline "q")\n',
  sh: 'cat <<EOF\ncurl "$B/pets/$I"\nEOF\nf() { echo $(( $1 + 1 )); }\n',
  http: '### separator\nPOST {{b}}/pets\nContent-Type: application/json\n\n{"n": 1}\n\n### next request\n',
};

const FILLER_OF_FAMILY: Record<string, string> = {
  javascript: 'ts',
  python: 'py',
  go: 'go',
  java: 'java',
  kotlin: 'kt',
  csharp: 'cs',
  ruby: 'rb',
  php: 'php',
  rust: 'rs',
  dart: 'dart',
  swift: 'swift',
  scala: 'scala',
  elixir: 'ex',
  shell: 'sh',
  http: 'http',
};

function padded(name: string, code: string): string {
  const family = languageOfPath(name, code.split('\n', 1)[0])!.family;
  const extension = name.endsWith('.tsx') ? 'tsx' : FILLER_OF_FAMILY[family]!;
  const filler = FILLER[extension]!;
  const repeat = Math.ceil(40_000 / filler.length);
  const before = filler.repeat(repeat);
  // PHP code must stay inside <?php; each case supplies its own opening tag.
  const body = extension === 'php' ? code.replace(/^<\?php\n/, '') : code;
  return `${before}\n${body}\n${filler.repeat(repeat).replace(/^<\?php\n/, '')}`;
}

describe('deprecated getPet finder: large files (survey, then windows) find what a full scan finds', () => {
  const windowed = new DeprecationEngine();
  // Windows cut into pieces of a few lines, as a dense file's windows are (bounded memory).
  const pieced = new DeprecationEngine({ windowPieceLines: 3 });
  const full = new DeprecationEngine({ windowedAboveBytes: Number.POSITIVE_INFINITY });
  for (const [name, code] of ALL_CASES) {
    if (name.endsWith('.md') || !languageOfPath(name, code.split('\n', 1)[0])) continue;
    it(`${name}: ${
      code
        .split('\n')
        .find((line) => /pets|get_?pet/i.test(line))
        ?.trim() ?? ''
    }`, () => {
      const text = padded(name, code);
      const language = languageOfPath(name, code.split('\n', 1)[0])!;
      const expected = full.scan(text, language);
      assert.deepEqual(windowed.scan(text, language), expected);
      assert.deepEqual(pieced.scan(text, language), expected, 'cut into pieces');
      const small = full.scan(code, language).length;
      assert.equal(
        expected.length,
        small + (name.endsWith('.sh') ? 0 : 0),
        'padding must not change what is found',
      );
    });
  }
});

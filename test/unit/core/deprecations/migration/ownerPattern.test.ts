import assert from 'node:assert/strict';
import { CodeOwners } from '../../../../../src/core/deprecations/migration/codeOwners';
import {
  MAX_PATTERN_LENGTH,
  MAX_PATTERN_WILDCARDS,
  globMatches,
  matchesPath,
  ownerPattern,
} from '../../../../../src/core/deprecations/migration/ownerPattern';

/**
 * The regular expression the patterns meant before they were matched by segments: the oracle for
 * ordinary patterns (its only flaw was the time a hostile pattern could take).
 */
function oracle(pattern: string): RegExp {
  const directoryOnly = pattern.endsWith('/');
  let body = directoryOnly ? pattern.slice(0, -1) : pattern;
  const anchored = body.includes('/');
  if (body.startsWith('/')) body = body.slice(1);
  const oneLevel = body.endsWith('/*');
  let source = '';
  for (let index = 0; index < body.length; index++) {
    const char = body[index]!;
    if (char === '*' && body[index + 1] === '*') {
      if (body[index + 2] === '/') {
        source += '(?:.*/)?';
        index += 2;
      } else {
        source += '.*';
        index += 1;
      }
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else source += char.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  const prefix = anchored ? '^' : '^(?:.*/)?';
  const suffix = oneLevel ? '$' : directoryOnly ? '/.*$' : '(?:/.*)?$';
  return new RegExp(prefix + source + suffix);
}

const PATTERNS = [
  '*',
  '*.js',
  '*.test.ts',
  'docs',
  'docs/',
  '/docs',
  '/docs/',
  'docs/*',
  '/docs/*',
  'apps/web',
  '/apps/web/',
  '**/logs',
  '**/logs/',
  'logs/**',
  '/a/**/b',
  'a/**/b/',
  '**/*.go',
  'src/*/x.ts',
  '?.md',
  'a?c',
  'README.md',
  '/README.md',
  'a.b+c',
  'build/*.log',
  '**',
  '/**/x',
  'x/**',
];
const PATHS = [
  'README.md',
  'a.md',
  'docs/a.md',
  'docs/x/b.md',
  'src/docs/a.md',
  'apps/web/x.ts',
  'x/apps/web/y',
  'logs/a',
  'a/logs/b',
  'build/logs/c.txt',
  'a/b',
  'a/x/y/b',
  'a/b/c',
  'a/x/b/c',
  'src/k/x.ts',
  'src/k/l/x.ts',
  'abc',
  'z/abc',
  'a.b+c',
  'build/1.log',
  'build/a/1.log',
  'x',
  'x/y',
  'q/x',
  'f.test.ts',
  'g/f.test.ts',
  'h/main.go',
  'docs',
];

describe('migration: CODEOWNERS patterns matched by segments', () => {
  it('own exactly what the regular expressions owned, on ordinary patterns and paths', () => {
    for (const pattern of PATTERNS)
      for (const path of PATHS)
        assert.equal(
          matchesPath(ownerPattern(pattern), path.split('/')),
          oracle(pattern).test(path),
          `${pattern} against ${path}`,
        );
  });

  it('match the patterns that made the regular expressions backtrack for minutes', () => {
    const nested = ownerPattern(`${'**/'.repeat(8)}a*a*a*a*a*a*a*a*b`);
    assert.equal(matchesPath(nested, [`${'a'.repeat(47)}c`]), false);
    assert.equal(matchesPath(nested, [`${'a'.repeat(47)}b`]), true);
    const deep = ownerPattern(`${'**/'.repeat(10)}z`);
    assert.equal(
      matchesPath(
        deep,
        Array.from({ length: 25 }, () => 'd'),
      ),
      false,
    );
    assert.equal(matchesPath(deep, [...Array.from({ length: 25 }, () => 'd'), 'z']), true);
    assert.equal(globMatches('a*a*a*a*a*a*a*a*a*a*b', 'a'.repeat(5000)), false);
  });

  it('skip a pattern too long or too wild to be worth matching, with a note', () => {
    const owners = CodeOwners.parse(
      [
        `${'x'.repeat(MAX_PATTERN_LENGTH + 1)} @a`,
        `${'*a'.repeat(MAX_PATTERN_WILDCARDS + 1)} @b`,
        '*.ts @c',
      ].join('\n'),
    );
    assert.deepEqual(owners.notes, [
      `CODEOWNERS:1: skipped (the pattern is longer than ${MAX_PATTERN_LENGTH} characters)`,
      `CODEOWNERS:2: skipped (the pattern has more than ${MAX_PATTERN_WILDCARDS} wildcards)`,
    ]);
    assert.deepEqual(owners.ownersOf('src/a.ts'), ['@c']);
  });

  it('find the last matching rule among thousands, indexed or not, as a scan of every rule would', () => {
    const lines: string[] = [];
    for (let i = 0; i < 2000; i++) {
      lines.push(`/team${i}/ @org/t${i}`);
      if (i % 7 === 0) lines.push(`*.ext${i % 50} @org/e${i}`);
      if (i % 11 === 0) lines.push(`name${i % 30} @org/n${i}`);
      if (i % 13 === 0) lines.push(`team${i}/**/deep @org/d${i}`);
    }
    lines.push('/team5/special/ @org/special');
    const owners = CodeOwners.parse(lines.join('\n'));
    const rules = lines.map((line) => {
      const [pattern = '', ...named] = line.split(' ');
      return { re: oracle(pattern), named };
    });
    const linear = (path: string) =>
      [...rules].reverse().find((rule) => rule.re.test(path))?.named ?? [];
    const paths = [
      'team5/special/a.ts',
      'team5/a.ext14',
      'team13/x/deep',
      'team26/deep/q.ts',
      'x/name3/y',
      'team1999/a',
      'other/file.ext7',
      'README.md',
      'team0/name0',
      'a/team13/z/deep',
    ];
    for (const path of paths) assert.deepEqual(owners.ownersOf(path), linear(path), path);
  });
});

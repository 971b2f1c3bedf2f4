import { execFileSync } from 'node:child_process';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CodeOwners } from '../../../../../src/core/deprecations/migration/codeOwners';

describe('migration: CODEOWNERS', () => {
  // GitHub's documented examples, and what each owns.
  const owners = CodeOwners.parse(
    [
      '# Default owners',
      '*       @global-owner1 @global-owner2',
      '*.js    @js-owner #This is an inline comment.',
      '*.go docs@example.com',
      '/build/logs/ @doctocat',
      'docs/*  docs@example.com',
      'apps/ @octocat',
      '/docs/ @doctocat',
      '**/logs @octocat',
      '/apps/github @org/github-team',
      '/apps/',
      '/apps/github @doctocat',
    ].join('\n'),
  );

  const cases: [string, string[]][] = [
    ['README.md', ['@global-owner1', '@global-owner2']],
    ['src/app.js', ['@js-owner']],
    ['cmd/main.go', ['docs@example.com']],
    ['build/logs/today.txt', ['@octocat']], // **/logs, a later rule, wins over /build/logs/
    ['build/output.txt', ['@global-owner1', '@global-owner2']],
    ['docs/getting-started.md', ['@doctocat']], // /docs/ comes after docs/*
    ['lib/apps/thing.ts', ['@octocat']], // apps/ matches at any depth
    ['apps/github/client.ts', ['@doctocat']],
    ['apps/web/client.ts', []], // /apps/ without owners: unowned
    ['deeply/nested/logs/a.txt', ['@octocat']],
  ];
  for (const [path, expected] of cases)
    it(`owns ${path} as GitHub does: ${expected.join(' ') || 'no owner'}`, () =>
      assert.deepEqual(owners.ownersOf(path), expected));

  it('takes docs/* to own the files directly in docs/, not deeper ones (GitHub, unlike gitignore)', () => {
    const oneLevel = CodeOwners.parse('docs/* @docs-team\n');
    assert.deepEqual(oneLevel.ownersOf('docs/a.md'), ['@docs-team']);
    assert.deepEqual(oneLevel.ownersOf('docs/build-app/troubleshooting.md'), []);
  });

  it('reads ? as one character and treats the rest of the pattern literally (dots, plus signs)', () => {
    const literal = CodeOwners.parse('src/v?.c++/ @cpp\n');
    assert.deepEqual(literal.ownersOf('src/v1.c++/main.cpp'), ['@cpp']);
    assert.deepEqual(literal.ownersOf('src/v1xc++/main.cpp'), []);
  });

  it('skips the lines GitHub rejects, each with a note naming the line, and keeps the others', () => {
    const parsed = CodeOwners.parse(
      [
        '* @everyone',
        '!vendor/ @nobody',
        'src/[ab]/ @ranges',
        'web/ not-an-owner',
        '\\#notes @escaped',
        'api/ @org/api-team',
      ].join('\r\n'),
      '.github/CODEOWNERS',
    );
    // Where and why, never the line's text: a file may hold anything (a link's target's secrets).
    assert.deepEqual(parsed.notes, [
      '.github/CODEOWNERS:2: skipped (negation (!) is not supported in CODEOWNERS)',
      '.github/CODEOWNERS:3: skipped (character ranges ([ ]) are not supported in CODEOWNERS)',
      '.github/CODEOWNERS:4: skipped (owner 1 is not @user, @org/team or an e-mail address)',
      '.github/CODEOWNERS:5: skipped (an escaped # is not supported in CODEOWNERS)',
    ]);
    assert.deepEqual(parsed.ownersOf('web/index.ts'), ['@everyone']);
    assert.deepEqual(parsed.ownersOf('api/pets.ts'), ['@org/api-team']);
  });

  it('is read only as a regular file inside the repository: a link out of it is not followed', () => {
    const root = mkdtempSync(join(tmpdir(), 'petstore-owners-'));
    const outside = mkdtempSync(join(tmpdir(), 'petstore-secrets-'));
    try {
      writeFileSync(join(outside, 'secrets'), 'AKIA-SECRET-LINE @owner\n');
      symlinkSync(join(outside, 'secrets'), join(root, 'CODEOWNERS'));
      const found = CodeOwners.find(root)!;
      assert.deepEqual(found.owners.notes, [
        'CODEOWNERS: a link to a file outside the repository, not read',
      ]);
      assert.deepEqual(found.owners.ownersOf('a.ts'), []);
      rmSync(join(root, 'CODEOWNERS'));
      symlinkSync('/dev/zero', join(root, 'CODEOWNERS'));
      assert.deepEqual(CodeOwners.find(root)!.owners.notes, [
        'CODEOWNERS: a link to a file outside the repository, not read',
      ]);
      // A FIFO inside the repository: refused without blocking.
      rmSync(join(root, 'CODEOWNERS'));
      execFileSync('mkfifo', [join(root, 'CODEOWNERS')]);
      assert.deepEqual(CodeOwners.find(root)!.owners.notes, ['CODEOWNERS: not a regular file']);
    } finally {
      rmSync(root, { recursive: true, force: true });
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('is found where GitHub looks, .github/ first, and is absent when there is none', () => {
    const root = mkdtempSync(join(tmpdir(), 'petstore-owners-'));
    try {
      assert.equal(CodeOwners.find(root), undefined);
      writeFileSync(join(root, 'CODEOWNERS'), '* @root-file\n');
      assert.equal(CodeOwners.find(root)?.file, 'CODEOWNERS');
      mkdirSync(join(root, '.github'));
      writeFileSync(join(root, '.github/CODEOWNERS'), '* @github-folder\n');
      const found = CodeOwners.find(root);
      assert.equal(found?.file, '.github/CODEOWNERS');
      assert.deepEqual(found?.owners.ownersOf('x.ts'), ['@github-folder']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

import assert from 'node:assert/strict';
import { CodeOwners } from '../../../../../src/core/deprecations/migration/codeOwners';
import { languageNameOfPath } from '../../../../../src/core/deprecations/migration/languageNames';
import {
  progressReport,
  snippetOf,
  type CallToReport,
} from '../../../../../src/core/deprecations/migration/progress';
import { progressHtml } from '../../../../../src/core/deprecations/reports/progressHtml';
import {
  MARKDOWN_MAX_CALLS,
  progressMarkdown,
} from '../../../../../src/core/deprecations/reports/progressMarkdown';

const NOW = new Date(Date.UTC(2030, 10, 25)); // ten days before the removal

function call(file: string, line: number, snippet = 'api.getPet(id)', baselined?: boolean) {
  const value: CallToReport = { file, line, column: 1, snippet };
  if (baselined !== undefined) value.baselined = baselined;
  return value;
}

describe('migration: the progress report', () => {
  const calls = [
    call('web/src/pets.ts', 12),
    call('web/src/pets.ts', 3),
    call('services/api/client.py', 40),
    call('services/api/client.go', 7),
    call('setup.sh', 1),
  ];

  it('groups by top-level folder without CODEOWNERS, most calls first, and counts days and files', () => {
    const report = progressReport({ calls, now: NOW });
    assert.equal(report.groupedBy, 'folder');
    assert.deepEqual(report.groups, [
      { name: 'services/', calls: 2 },
      { name: 'web/', calls: 2 },
      { name: '(root)', calls: 1 },
    ]);
    assert.equal(report.total, 5);
    assert.equal(report.files, 4);
    assert.equal(report.daysLeft, 10);
    assert.equal(report.date, '2030-11-25');
    // Sorted by file then line, for a table a person reads.
    assert.deepEqual(
      report.calls.map((item) => `${item.file}:${item.line}`),
      [
        'services/api/client.go:7',
        'services/api/client.py:40',
        'setup.sh:1',
        'web/src/pets.ts:3',
        'web/src/pets.ts:12',
      ],
    );
  });

  it('groups by the owners CODEOWNERS names (the last matching rule), unowned files apart', () => {
    const owners = CodeOwners.parse('services/ @org/backend\n/web/ @org/web @alice\n');
    const report = progressReport({ calls, owners: { file: 'CODEOWNERS', owners }, now: NOW });
    assert.equal(report.groupedBy, 'owner');
    assert.equal(report.ownersFile, 'CODEOWNERS');
    assert.deepEqual(report.groups, [
      { name: '@org/backend', calls: 2 },
      { name: '@org/web @alice', calls: 2 },
      { name: '(no owner)', calls: 1 },
    ]);
    assert.equal(report.calls.find((item) => item.file === 'setup.sh')?.owner, '(no owner)');
  });

  it('counts by language from the file names', () => {
    const report = progressReport({ calls, now: NOW });
    assert.deepEqual(report.languages, [
      { name: 'TypeScript', calls: 2 },
      { name: 'Go', calls: 1 },
      { name: 'Python', calls: 1 },
      { name: 'Shell', calls: 1 },
    ]);
    assert.equal(languageNameOfPath('Dockerfile'), 'Dockerfile');
    assert.equal(languageNameOfPath('lib/Client.CS'), 'C#');
    assert.equal(languageNameOfPath('notes.txt'), 'Other');
  });

  it('against a baseline: the calls recorded, gone and new', () => {
    const report = progressReport({
      calls: [call('a.ts', 1, 'x', true), call('a.ts', 2, 'y', false), call('b.ts', 1, 'z', true)],
      baseline: { recorded: 10, gone: 8 },
      now: NOW,
    });
    assert.deepEqual(report.baseline, { recorded: 10, gone: 8, fresh: 1 });
  });

  it('never counts days below zero once the endpoint is gone', () => {
    assert.equal(progressReport({ calls, now: new Date(Date.UTC(2031, 0, 1)) }).daysLeft, 0);
  });

  it('cuts a long (minified) line around the call, and collapses white space', () => {
    assert.equal(
      snippetOf('    const pet =   await api.getPet(id);', 20),
      'const pet = await api.getPet(id);',
    );
    const minified = `${'a=1;'.repeat(100)}fetch("/pets/"+id);${'b=2;'.repeat(100)}`;
    const snippet = snippetOf(minified, 401);
    assert.ok(snippet.length <= 162, `${snippet.length} characters`);
    assert.ok(snippet.includes('fetch("/pets/"+id)'), snippet);
    assert.ok(snippet.startsWith('…') && snippet.endsWith('…'));
  });
});

describe('migration: the progress report as HTML', () => {
  const hostile = call(
    'web/<img src=x onerror=alert(1)>.ts',
    1,
    '</code><script>fetch("https://evil.example/")</script>',
  );
  const owners = CodeOwners.parse('* @org/"quoted"\n');

  it('is self-contained: no script, no link, no remote address, and a policy that loads nothing', () => {
    const page = progressHtml(
      progressReport({
        calls: [hostile, ...Array.from({ length: 3 }, (_, i) => call('a.ts', i + 1))],
        owners: { file: 'CODEOWNERS', owners },
        now: NOW,
      }),
      '0.1.0',
    );
    assert.match(
      page,
      /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">/,
    );
    // No element that loads or runs anything; hostile text stays text.
    assert.doesNotMatch(page, /<(?:script|link|img|iframe|object|embed|base)\b/i);
    assert.doesNotMatch(page, /<[a-z][^>]*\s(?:src|href|action|on\w+)=/i);
    assert.doesNotMatch(page, /@import|url\(/i);
    // The only address in markup is SVG's namespace, which is never fetched.
    const tags = page.match(/<[a-z][^>]*>/gi) ?? [];
    assert.deepEqual(
      tags.flatMap((tag) => tag.match(/https?:\/\/[^\s"']+/g) ?? []),
      ['http://www.w3.org/2000/svg'],
    );
    assert.ok(page.includes('&lt;/code&gt;&lt;script&gt;fetch('), 'the snippet is shown as text');
    // An owner CODEOWNERS cannot hold is skipped with a note that says where, not what.
    assert.ok(!page.includes('quoted'), 'a skipped line is not echoed');
    assert.ok(page.includes('CODEOWNERS:1: skipped (owner 1 is not @user'));
  });

  it('shows the numbers: calls left, days left, files, and the baseline progress', () => {
    const page = progressHtml(
      progressReport({
        calls: [call('a.ts', 1, 'x', true), call('b/c.ts', 2, 'y', false)],
        baseline: { recorded: 40, gone: 10 },
        now: NOW,
      }),
      '0.1.0',
    );
    assert.match(page, /id="calls-left">2</);
    assert.match(page, /id="days-left">10</);
    assert.match(page, /id="files">2</);
    assert.match(page, /id="removed">10 of 40</);
    assert.match(page, /baselined calls removed \(25 %\)/);
    assert.match(page, /id="new-calls">1</);
    assert.match(page, /<strong class="new">new<\/strong>/);
  });

  it('says the migration is done when no call is left', () => {
    const page = progressHtml(progressReport({ calls: [], now: NOW }), '0.1.0');
    assert.match(page, /id="no-calls">No calls to GET \/pets\/\{petId\} are left/);
    assert.doesNotMatch(page, /<table/);
  });
});

describe('migration: the progress report as Markdown', () => {
  it('keeps table cells whole: pipes escaped, HTML shown as text, backticks fenced', () => {
    const text = progressMarkdown(
      progressReport({
        calls: [call('a|b.ts', 1, 'x = a || fetch(`/pets/${id}`) <b>')],
        now: NOW,
      }),
    );
    assert.ok(
      text.includes('| `a\\|b.ts:1` | \\(root\\) | ``x = a \\|\\| fetch(`/pets/${id}`) <b>`` |'),
      text,
    );
    assert.ok(text.includes('**1** call left in 1 file · **10 days left**'));
  });

  it(`lists at most ${MARKDOWN_MAX_CALLS} calls and counts the rest`, () => {
    const many = Array.from({ length: MARKDOWN_MAX_CALLS + 7 }, (_, i) => call('a.ts', i + 1));
    const text = progressMarkdown(progressReport({ calls: many, now: NOW }));
    assert.equal(text.match(/^\| `a\.ts:\d+` /gm)?.length, MARKDOWN_MAX_CALLS);
    assert.match(text, /… and 7 more \(the HTML report lists them all\)\./);
  });

  it('notifies nobody: owners in code spans, @names in notes broken, link syntax inert', () => {
    const owners = CodeOwners.parse('a/ @org/team\nb/ [x](https://evil.example/)@corp.com\n');
    const report = progressReport({
      calls: [call('a/x.ts', 1), call('b/y.ts', 2)],
      owners: { file: 'CODEOWNERS', owners },
      now: NOW,
    });
    report.notes.push('CODEOWNERS: @alice and @org/team are not known here');
    const text = progressMarkdown(report);
    assert.ok(text.includes('| `@org/team` | 1 |'), text);
    assert.ok(text.includes('| `[x](https://evil.example/)@corp.com` | 1 |'), text);
    assert.ok(text.includes('> CODEOWNERS: @&#8203;alice and @&#8203;org/team are not known here'));
    // Outside code spans no @name is left whole, and no link is formed.
    const outsideCode = text.replace(/(`+)[^`][\s\S]*?\1/g, '');
    assert.doesNotMatch(outsideCode, /@\w/);
    assert.doesNotMatch(outsideCode, /\]\(/);

    const mentioned = progressMarkdown(report, { mentionOwners: true });
    assert.ok(mentioned.includes('| @org/team | 1 |'), mentioned);
    assert.ok(mentioned.includes('| `a/x.ts:1` | @org/team |'), mentioned);
  });

  it('shows bidirectional overrides and control characters instead of obeying them', () => {
    const tricky = 'if (isAdmin) { fetch(`/pets/${id}`) } \u202e } \u2066 \u001b[31mred\u0007';
    const report = progressReport({ calls: [call('a\u202e.ts', 1, tricky)], now: NOW });
    report.notes.push('skipped \u001b]8;;https://evil.example\u0007link');
    for (const text of [progressMarkdown(report), progressHtml(report, '1.0.0')]) {
      for (const acting of ['\u001b', '\u0007', '\u202e', '\u2066'])
        assert.ok(!text.includes(acting), JSON.stringify(acting));
      for (const shown of ['<U+202E>', '<U+2066>', '<U+001B>', '<U+0007>'])
        assert.ok(
          text.includes(shown) || text.includes(shown.replace('<', '&lt;').replace('>', '&gt;')),
          shown,
        );
    }
  });

  it('shows the baseline progress and marks new calls', () => {
    const text = progressMarkdown(
      progressReport({
        calls: [call('a.ts', 1, 'old()', true), call('a.ts', 2, 'fresh()', false)],
        baseline: { recorded: 3, gone: 2 },
        now: NOW,
      }),
    );
    assert.match(
      text,
      /Since the baseline: \*\*2 of 3\*\* baselined calls removed \(66\.7 %\), \*\*1\*\* new\./,
    );
    assert.match(text, /`fresh\(\)` \*\*new\*\* \|/);
    assert.doesNotMatch(text, /`old\(\)` \*\*new\*\*/);
  });
});

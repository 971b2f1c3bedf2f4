import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { runNodeToExit } from '../support/runToExit';

const ROOT = resolve(__dirname, '../..');
const DOCUMENTS = [
  'README.md',
  'CHANGELOG.md',
  'ARCHITECTURE.md',
  'packaging/cli/README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsIn(text: string): Set<string> {
  return new Set(
    text
      .split('\n')
      .filter((line) => /^#{1,6} /.test(line))
      .map((line) => anchorOf(line.replace(/^#+ /, ''))),
  );
}

/** The long options a command's --help lists. */
async function optionsOf(bin: string, args: string[]): Promise<string[]> {
  const help = await runNodeToExit([join(ROOT, 'dist/cli', bin), ...args, '--help'], ROOT);
  assert.equal(help.code, 0, help.output);
  return [...new Set(help.stdout.match(/^ {2}(?:-\w, )?(--[\w-]+)/gm) ?? [])]
    .map((line) => /--[\w-]+/.exec(line)![0])
    .filter((option) => option !== '--help' && option !== '--version');
}

describe('the documentation', function () {
  this.timeout(60_000);

  it('links only to files and headings that exist', () => {
    const broken: string[] = [];
    for (const document of DOCUMENTS) {
      // Code (fenced or inline) is not a link, whatever brackets it holds.
      const text = readFileSync(join(ROOT, document), 'utf8')
        .replace(/```[\s\S]*?```/g, '')
        .replace(/`[^`\n]*`/g, '');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue; // https:, mailto:
        const [path, anchor] = target!.split('#') as [string, string | undefined];
        const file = path ? join(ROOT, dirname(document), path) : join(ROOT, document);
        if (!existsSync(file)) {
          broken.push(`${document}: ${target} (no such file)`);
          continue;
        }
        if (anchor && file.endsWith('.md') && !anchorsIn(readFileSync(file, 'utf8')).has(anchor))
          broken.push(`${document}: ${target} (no such heading)`);
      }
    }
    assert.deepEqual(broken, []);
  });

  it('documents every option of every command, as its --help lists them', async () => {
    const docs = (...names: string[]) =>
      names.map((name) => readFileSync(join(ROOT, 'docs', name), 'utf8')).join('\n');
    const references: [string, string[], string][] = [
      ['petstore-deprecations.js', ['scan'], docs('ci.md', 'finder.md')],
      ['petstore-deprecations.js', ['report'], docs('ci.md', 'finder.md')],
      ['petstore-deprecations.js', ['history'], docs('ci.md')],
      ['petstore-deprecations.js', ['plan'], docs('migration.md', 'ci.md', 'finder.md')],
      ['petstore-deprecations.js', ['fix'], docs('migration.md', 'ci.md', 'finder.md')],
      ['petstore-server.js', [], docs('server.md')],
      ['petstore-mcp.js', [], docs('agents.md')],
    ];
    const missing: string[] = [];
    for (const [bin, args, text] of references)
      for (const option of await optionsOf(bin, args))
        if (!new RegExp(`${option}(?![\\w-])`).test(text))
          missing.push(`${bin.replace('.js', '')} ${args.join(' ')} ${option}`);
    assert.deepEqual(missing, []);
  });
});

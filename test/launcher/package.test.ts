import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runNodeToExit } from '../support/runToExit';

const ROOT = resolve(__dirname, '../..');

/** Runs vsce (the project's own copy) and returns what it printed. */
function vsce(args: string[]) {
  return runNodeToExit([resolve(ROOT, 'node_modules/@vscode/vsce/vsce'), ...args], ROOT);
}

describe('the extension package (npm run package)', function () {
  this.timeout(120_000);

  it('packages with the npm script’s own options', async () => {
    const manifest = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const [program, ...args] = manifest.scripts.package!.split(' ');
    assert.equal(program, 'vsce');
    const folder = await mkdtemp(join(tmpdir(), 'petstore-vsix-'));
    try {
      const vsix = join(folder, 'extension.vsix');
      const { code, output } = await vsce([...args, '--out', vsix]);
      assert.equal(code, 0, output);
      assert.ok((await stat(vsix)).size > 0);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('holds the bundles, the manifest and the pictures, and no sources, tests or source maps', async () => {
    // `ls` lists what `vsce package --no-dependencies` puts in the .vsix.
    const { code, output } = await vsce(['ls', '--no-dependencies']);
    assert.equal(code, 0, output);
    const files = output
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    for (const needed of [
      'package.json',
      'README.md',
      'CHANGELOG.md',
      'dist/extension/extension.js',
      // The chunks the extension requires on first use (src/extension/chunks/loadChunk.ts).
      'dist/extension/api.js',
      'dist/extension/languageClient.js',
      'dist/lsp/server.js',
      // The MCP server agent mode starts, the threads it scans on, and the spec it serves.
      'dist/cli/petstore-mcp.js',
      'dist/cli/scan-worker.js',
      // The server "Rehearse the Removal" runs.
      'dist/cli/petstore-server.js',
      'docs/spec/pet-store-interface.md',
      // Translations of the manifest and of the runtime strings.
      'package.nls.json',
      'package.nls.de.json',
      'l10n/bundle.l10n.de.json',
      'media/petstore.svg',
      'media/walkthrough/address.md',
    ])
      assert.ok(files.includes(needed), `${needed} is packaged`);
    assert.deepEqual(
      files.filter((file) => /^(src|test|bench|scripts|node_modules)\//.test(file)),
      [],
    );
    assert.deepEqual(
      files.filter((file) => file.endsWith('.map')),
      [],
    );
  });
});

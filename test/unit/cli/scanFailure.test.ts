import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  finderSettings,
  scanFiles,
  type FinderSettings,
} from '../../../src/cli/deprecations/scanFiles';
import { DeprecationEngine } from '../../../src/core/deprecations/engine';
import { scanSafely } from '../../../src/core/deprecations/scanSafely';
import { languageOfPath } from '../../../src/core/deprecations/lexers/languages';
import { scanListedFiles, type ScannedFile } from '../../../src/lsp/workspaceScan';
import { NodeWorkspacePort } from '../../../src/core/deprecations/pipeline/nodeWorkspacePort';
import { ENGINE_FAILS_HERE as MARKER, failOnMarker } from '../../support/failingEngine';

const CALL = 'await fetch(`${base}/pets/${id}`);\n';

/** What a scan writes to stderr while it runs. */
async function capturingStderr<T>(run: () => Promise<T>): Promise<{ result: T; stderr: string }> {
  const write = process.stderr.write.bind(process.stderr);
  let stderr = '';
  process.stderr.write = (chunk: string | Uint8Array) => {
    stderr += String(chunk);
    return true;
  };
  try {
    return { result: await run(), stderr };
  } finally {
    process.stderr.write = write;
  }
}

describe('an engine failure on one file stays with that file', () => {
  let tree: string;
  let restore: () => void;
  beforeEach(() => {
    tree = mkdtempSync(join(tmpdir(), 'petstore-scan-failure-'));
    for (const name of ['a.ts', 'b.ts', 'c.ts'])
      writeFileSync(join(tree, name), `${name === 'b.ts' ? `// ${MARKER}\n` : ''}${CALL}`);
    restore = failOnMarker();
  });
  afterEach(() => {
    restore();
    rmSync(tree, { recursive: true, force: true });
  });

  it('scanSafely gives the failure, cut short, and no findings', () => {
    const language = languageOfPath('x.ts')!;
    const failing = {
      scan: () => {
        throw new Error(`bad ${'x'.repeat(500)}`);
      },
    };
    const scan = scanSafely(failing, CALL, language);
    assert.deepEqual(scan.findings, []);
    const failure = scan.failure ?? '';
    assert.ok(failure.startsWith('Error: bad xxx'), failure);
    assert.ok(failure.length <= 201, `${failure.length} characters`);
    assert.equal(
      scanSafely(
        {
          scan: () => {
            // eslint-disable-next-line @typescript-eslint/only-throw-error -- the case tested
            throw 'a string';
          },
        },
        CALL,
        language,
      ).failure,
      'a string',
    );
    assert.equal(scanSafely(new DeprecationEngine(), CALL, language).findings.length, 1);
  });

  it('CLI: the other files are reported, the failed one noted, and the status says so', async () => {
    const settings = finderSettings({ 'no-rg': true, jobs: '1' }) as FinderSettings;
    const { result, stderr } = await capturingStderr(() => scanFiles([tree], settings, tree));
    assert.deepEqual(result.results.map(({ path }) => path).sort(), [
      join(tree, 'a.ts'),
      join(tree, 'c.ts'),
    ]);
    assert.equal(result.ioError, true, 'exit status 2 when nothing else is found');
    assert.match(
      stderr,
      new RegExp(
        `could not scan, so its calls are not reported: ${join(tree, 'b.ts').replace(/[/\\]/g, '.')} \\(RangeError: Maximum call stack size exceeded\\)`,
      ),
    );
  });

  it('language server: the workspace scan goes on past the file, with a note for it', async () => {
    const chunks: ScannedFile[] = [];
    const notes: string[] = [];
    const engine = new DeprecationEngine();
    const port = new NodeWorkspacePort([tree]);
    const listing = await port.list({ words: engine.prefilterNeedles(), documents: false });
    const result = await scanListedFiles(
      port,
      listing,
      engine,
      (path) => pathToFileURL(path).href,
      () => false,
      (chunk) => chunks.push(...chunk),
      { report: () => undefined, cancelled: () => false },
      (note) => notes.push(`${note.reason} ${note.path} ${note.detail}`),
    );
    assert.deepEqual(
      chunks
        .filter((file) => file.findings.length)
        .map((file) => file.path)
        .sort(),
      [join(tree, 'a.ts'), join(tree, 'c.ts')],
    );
    assert.deepEqual(notes, [
      `scanFailed ${join(tree, 'b.ts')} RangeError: Maximum call stack size exceeded`,
    ]);
    assert.equal(result.findings, 2);
  });
});

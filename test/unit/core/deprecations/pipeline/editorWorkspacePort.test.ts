import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  finderSettings,
  scanFilesWith,
  workspacePort,
  type FinderSettings,
} from '../../../../../src/cli/deprecations/scanFiles';
import {
  EditorWorkspacePort,
  type EditorFiles,
} from '../../../../../src/core/deprecations/pipeline/editorWorkspacePort';
import { scanWorkspace } from '../../../../../src/core/deprecations/pipeline/workspacePipeline';
import type { ScanOutcome } from '../../../../../src/core/deprecations/pipeline/scanOutcome';

const FIXTURES = resolve(__dirname, '../../../../fixtures');
const TREES = ['wrappers', 'realistic', 'generated-clients', 'workspace', 'demo-workspace'];

/** The editor's two file APIs over a Map of files (findFiles lists its keys; fs reads them). */
class MapFiles implements EditorFiles {
  reads = 0;
  constructor(
    readonly files: Map<string, Uint8Array>,
    private readonly unreadable = new Set<string>(),
  ) {}
  list() {
    return Promise.resolve([...this.files.keys()]);
  }
  stat(path: string) {
    const bytes = this.files.get(path);
    return Promise.resolve(bytes && { size: bytes.length });
  }
  read(path: string) {
    this.reads++;
    if (this.unreadable.has(path)) return Promise.reject(new Error('EACCES'));
    const bytes = this.files.get(path);
    return bytes ? Promise.resolve(bytes) : Promise.reject(new Error('ENOENT'));
  }
}

/** Every file under a folder, as the editor's findFiles lists them (no .git). */
function filesOf(root: string): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.name === '.git' || entry.name === 'node_modules') continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.isFile()) files.set(path, readFileSync(path));
    }
  };
  visit(root);
  return files;
}

/** Each finding as file, line, column, kind and confidence. */
function found(outcome: ScanOutcome): string[] {
  return outcome.results
    .flatMap(({ path, findings }) =>
      findings.map(
        (finding) =>
          `${path}:${finding.start.line}:${finding.start.character} ${finding.kind} ${finding.confidence}`,
      ),
    )
    .sort();
}

const SETTINGS = finderSettings({ confidence: 'possible', 'no-rg': true }) as FinderSettings;
const EVENTS = {
  skipped: () => undefined,
  documentsRead: () => undefined,
  searchFailed: () => undefined,
  wrapperNote: () => undefined,
};

describe("the editor's workspace port (the browser's finder)", () => {
  for (const tree of TREES)
    it(`finds what the CLI finds in ${tree}: same file, line, kind and confidence`, async () => {
      const root = join(FIXTURES, tree);
      const settings = { ...SETTINGS, jobs: 1 };
      const cli = found(await scanFilesWith(workspacePort([root], settings), settings, root));
      const port = new EditorWorkspacePort(new MapFiles(filesOf(root)));
      const { outcome } = await scanWorkspace(port, SETTINGS, root, {}, EVENTS);
      assert.ok(cli.length > 0, `the CLI finds calls in ${tree}`);
      assert.deepEqual(found(outcome), cli);
      assert.equal(port.budget.partial, false);
    });

  it('scans the first files by path within the bounds and says what it left out', async () => {
    const root = join(FIXTURES, 'realistic');
    const files = filesOf(root);
    const port = new EditorWorkspacePort(new MapFiles(files), {
      maxFiles: 5,
      maxTotalBytes: 50 * 1024 * 1024,
      maxFileBytes: 10 * 1024 * 1024,
    });
    const { outcome } = await scanWorkspace(port, SETTINGS, root, {}, EVENTS);
    assert.deepEqual(port.budget, {
      candidates: files.size,
      listed: 5,
      overBytes: 0,
      partial: true,
    });
    const first = [...files.keys()].sort().slice(0, 5);
    assert.ok(outcome.results.every(({ path }) => first.includes(path)));

    const small = new EditorWorkspacePort(new MapFiles(files), {
      maxFiles: 5000,
      maxTotalBytes: 1,
      maxFileBytes: 10 * 1024 * 1024,
    });
    const none = await scanWorkspace(small, SETTINGS, root, {}, EVENTS);
    assert.deepEqual(none.outcome.results, []);
    assert.equal(small.budget.partial, true);
    assert.ok(small.budget.overBytes > 0);
  });

  it('passes over files it cannot read with a note, and finds the rest', async () => {
    const root = join(FIXTURES, 'realistic');
    const files = filesOf(root);
    const broken = join(root, 'pets.py');
    const notes: string[] = [];
    const port = new EditorWorkspacePort(new MapFiles(files, new Set([broken])));
    const { outcome } = await scanWorkspace(
      port,
      SETTINGS,
      root,
      {},
      {
        ...EVENTS,
        skipped: (note) => notes.push(`${note.path} ${note.reason}`),
      },
    );
    assert.deepEqual(notes, [`${broken} unreadable`]);
    assert.ok(outcome.ioError);
    assert.ok(outcome.results.length > 0);
    assert.ok(outcome.results.every(({ path }) => path !== broken));
  });

  it('reads each file once in a scan that follows wrappers', async () => {
    const root = join(FIXTURES, 'wrappers');
    const files = new MapFiles(filesOf(root));
    await scanWorkspace(new EditorWorkspacePort(files), SETTINGS, root, {}, EVENTS);
    assert.ok(files.reads <= files.files.size, `${files.reads} reads of ${files.files.size} files`);
  });
});

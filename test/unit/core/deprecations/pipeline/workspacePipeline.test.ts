import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  NodeWorkspacePort,
  type NodeWorkspaceOptions,
} from '../../../../../src/core/deprecations/pipeline/nodeWorkspacePort';
import type {
  ListingRequest,
  WorkspaceListing,
  WorkspacePort,
} from '../../../../../src/core/deprecations/pipeline/workspacePort';
import type {
  ListedFile,
  SkipNote,
} from '../../../../../src/core/deprecations/workspace/workspaceWalker';
import { ripgrepOnPath } from '../../../../../src/core/deprecations/workspace/ripgrepCandidates';
import {
  finderSettings,
  scanFilesWith,
  type FinderSettings,
} from '../../../../../src/cli/deprecations/scanFiles';
import { SCAN_WORKSPACE_REQUEST } from '../../../../../src/lsp/protocol';
import { TestClient } from '../../../lsp/testClient';

/** Node's port, counting what the pipeline asks of it. */
class RecordingPort implements WorkspacePort {
  readonly calls = { list: 0, search: 0, mentioning: 0, readCandidates: 0 };
  private readonly port: NodeWorkspacePort;

  constructor(roots: readonly string[], options: NodeWorkspaceOptions) {
    this.port = new NodeWorkspacePort(roots, options);
  }

  list(request: ListingRequest) {
    this.calls.list++;
    return this.port.list(request);
  }
  search(words: readonly string[]) {
    this.calls.search++;
    return this.port.search(words);
  }
  mentioning(words: readonly string[], listing: WorkspaceListing) {
    this.calls.mentioning++;
    return this.port.mentioning(words, listing);
  }
  readCandidates(
    files: readonly ListedFile[],
    mightContain: (bytes: Buffer) => boolean,
    onSkip: (note: SkipNote) => void,
  ) {
    this.calls.readCandidates++;
    return this.port.readCandidates(files, mightContain, onSkip);
  }
  readDocument(file: ListedFile) {
    return this.port.readDocument(file);
  }
  readSource(path: string) {
    return this.port.readSource(path);
  }
}

const FIXTURES = resolve(__dirname, '../../../../fixtures');
/** Realistic trees: wrappers across files and languages, an OpenAPI document, generated clients. */
const TREES = ['wrappers', 'realistic', 'generated-clients', 'workspace'];
const RIPGREP = ripgrepOnPath();

/** Every finding as `file:line:column`, the front ends' common ground. */
function places(byFile: Iterable<[string, readonly { line: number; character: number }[]]>) {
  const all: string[] = [];
  for (const [path, starts] of byFile)
    for (const start of starts) all.push(`${path}:${start.line}:${start.character}`);
  return all.sort();
}

/** The CLI's scan (every confidence, as the editor shows them) over a recording port. */
async function cliScan(root: string, ripgrep: string | undefined) {
  const settings = finderSettings({ confidence: 'possible', 'no-rg': true }) as FinderSettings;
  const port = new RecordingPort([root], { ripgrep, maxFileBytes: settings.maxFileBytes });
  const outcome = await scanFilesWith(port, { ...settings, ripgrep, jobs: 1 }, root);
  return {
    port,
    found: places(
      outcome.results.map(({ path, findings }) => [path, findings.map((found) => found.start)]),
    ),
  };
}

/** The language server's workspace scan (wrappers followed) over a recording port. */
async function serverScan(root: string, ripgrep: string | undefined) {
  const ports: RecordingPort[] = [];
  const client = new TestClient({
    workspacePort: (folders, options) => {
      const port = new RecordingPort(folders, options);
      ports.push(port);
      return port;
    },
  });
  try {
    await client.connection.sendRequest('initialize', {
      processId: null,
      rootUri: null,
      workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'fixture' }],
      capabilities: {},
      initializationOptions: ripgrep ? { ripgrepPath: ripgrep } : {},
    });
    await client.connection.sendNotification('initialized', {});
    await client.connection.sendRequest(SCAN_WORKSPACE_REQUEST);
    const listings = ports.reduce((sum, port) => sum + port.calls.list, 0);
    const found = places(
      [...client.latest].map(([uri, diagnostics]) => [
        fileURLToPath(uri),
        diagnostics.map((diagnostic) => diagnostic.range.start),
      ]),
    );
    return { listings, found };
  } finally {
    client.connection.dispose();
  }
}

describe('the workspace pipeline: listed once per scan, the same findings from every front end', function () {
  this.timeout(60_000);
  const listers: [string, string | undefined][] = [['the walker', undefined]];
  if (RIPGREP) listers.push(['ripgrep', RIPGREP]);

  for (const tree of TREES)
    for (const [lister, ripgrep] of listers)
      it(`${tree}, listed by ${lister}`, async () => {
        const root = resolve(FIXTURES, tree);
        const cli = await cliScan(root, ripgrep);
        assert.equal(cli.port.calls.list, 1, 'the CLI lists the workspace once');
        if (!ripgrep) assert.equal(cli.port.calls.search, 0, 'a walked listing is never searched');
        assert.ok(cli.found.length > 0, `${tree} holds calls`);
        const server = await serverScan(root, ripgrep);
        // Two scans: the one at start and the one asked for; the wrappers' rebuilds list nothing.
        assert.equal(server.listings, 2, 'the language server lists the workspace once per scan');
        assert.deepEqual(server.found, cli.found);
      });
});

describe('the language server follows wrappers from the listing it made', function () {
  this.timeout(60_000);
  let folder: string;
  before(async () => {
    folder = await mkdtemp(join(tmpdir(), 'petstore-pipeline-listing-'));
    await mkdir(join(folder, 'src'), { recursive: true });
    await writeFile(
      join(folder, 'src/petService.ts'),
      "import axios from 'axios';\nexport async function getPetInfo(id: number) {\n  return (await axios.get(`/api/pets/${id}`)).data;\n}\n",
    );
  });
  after(() => rm(folder, { recursive: true, force: true }));

  it('an edit is followed without listing again; a file created on disk is listed again and found', async () => {
    const ports: RecordingPort[] = [];
    const client = new TestClient({
      workspacePort: (folders, options) => {
        const port = new RecordingPort(folders, options);
        ports.push(port);
        return port;
      },
    });
    const listings = () => ports.reduce((sum, port) => sum + port.calls.list, 0);
    const uri = (name: string) => pathToFileURL(join(folder, name)).href;
    try {
      await client.connection.sendRequest('initialize', {
        processId: null,
        rootUri: null,
        workspaceFolders: [{ uri: pathToFileURL(folder).href, name: 'fixture' }],
        capabilities: {},
      });
      await client.connection.sendNotification('initialized', {});
      await client.connection.sendRequest(SCAN_WORKSPACE_REQUEST);
      const scanned = listings();
      // An open document that starts calling the wrapper: a rebuild, from the scan's listing.
      await client.connection.sendNotification('textDocument/didOpen', {
        textDocument: {
          uri: uri('src/page.ts'),
          languageId: 'typescript',
          version: 1,
          text: "import { getPetInfo } from './petService';\nexport const show = (id) => getPetInfo(id);\n",
        },
      });
      await client.diagnostics(uri('src/page.ts'), (d) => d.length === 1);
      assert.equal(listings(), scanned, 'a rebuild reads the listing it has');
      // A file created on disk that calls the wrapper: the walk is listed again, once.
      await writeFile(
        join(folder, 'src/card.ts'),
        "import { getPetInfo } from './petService';\nexport const card = (id) => getPetInfo(id);\n",
      );
      await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
        changes: [{ uri: uri('src/card.ts'), type: 1 }],
      });
      await client.diagnostics(uri('src/card.ts'), (d) => d.length === 1);
      assert.equal(listings(), scanned + 1);
    } finally {
      client.connection.dispose();
    }
  });
});

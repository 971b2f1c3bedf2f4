/**
 * The cross-file index of wrappers, measured in one run:
 *   1. the language server on a 10,000-file workspace (100 files call a wrapper): the time from an
 *      edit that removes the wrapper's request to its callers' diagnostics cleared, and back, against
 *      the time of a full workspace scan in the same run;
 *   2. the CLI on the benchmark corpus and on the dense tree, with and without --no-wrappers
 *      (alternated, medians), and the index's memory on each (heap before and after building it);
 *   3. the index's memory on a 100,000-file tree with 1,000 wrappers and 10,000 callers.
 * Run: npm run bench:wrappers [-- --runs 5]
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-jsonrpc/node';
import { createConnection } from 'vscode-languageserver/node';
import type { PublishDiagnosticsParams } from 'vscode-languageserver';
import { DeprecationEngine } from '../src/core/deprecations/engine';
import { followWrappers } from '../src/core/deprecations/crossFile/followWrappers';
import { languageOfPath } from '../src/core/deprecations/lexers/languages';
import { listFiles, CandidateReader } from '../src/core/deprecations/workspace/workspaceWalker';
import { startDeprecationServer } from '../src/lsp/deprecationServer';
import { nodeServerHost } from '../src/lsp/nodeServerHost';
import { SCAN_WORKSPACE_REQUEST } from '../src/lsp/protocol';
import { CLI, median, timedCommand } from './cliTiming';
import { writeCorpus, writeDenseCorpus } from './corpus';

const ROOT = resolve(__dirname, '..');
const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const RUNS = Number(values.runs);

const WRAPPER = (request: string) =>
  `export async function getPetInfo(id: number) {\n  return (await fetch(${request})).json();\n}\n`;
const WITH_REQUEST = WRAPPER('`/api/pets/${id}`');
const WITHOUT_REQUEST = WRAPPER('`/api/pets?id=${id}`');

/** A workspace of `files` files: one wrapper, `callers` files that call it, the rest plain code. */
function writeWorkspace(folder: string, files: number, callers: number): void {
  mkdirSync(join(folder, 'src/services'), { recursive: true });
  writeFileSync(join(folder, 'src/services/petService.ts'), WITH_REQUEST);
  for (let i = 0; i < files - 1; i++) {
    const dir = join(folder, 'src', `m${i % 100}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, `f${i}.ts`),
      i < callers
        ? `import { getPetInfo } from '../services/petService';\nexport const card${i} = async (id: number) => (await getPetInfo(id)).name;\n`
        : `export function handler${i}(input: string): string {\n  return input.trim() + '${i}';\n}\n`,
    );
  }
}

async function languageServerEdits(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'petstore-wrappers-'));
  const callers = 100;
  writeWorkspace(folder, 10_000, callers);
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  startDeprecationServer(
    createConnection(new StreamMessageReader(toServer), new StreamMessageWriter(toClient)),
    { defaultExplanationUri: 'file:///docs', debounceMs: 0, host: nodeServerHost() },
  );
  const connection = createMessageConnection(
    new StreamMessageReader(toClient),
    new StreamMessageWriter(toServer),
  );
  const counts = new Map<string, number>();
  let waiting: { done: () => boolean; resolve: () => void } | undefined;
  connection.onNotification(
    'textDocument/publishDiagnostics',
    (params: PublishDiagnosticsParams) => {
      counts.set(params.uri, params.diagnostics.length);
      if (waiting?.done()) waiting.resolve();
    },
  );
  connection.onRequest('window/workDoneProgress/create', () => null);
  connection.listen();
  const callerUris = [...Array(callers).keys()].map(
    (i) => pathToFileURL(join(folder, 'src', `m${i % 100}`, `f${i}.ts`)).href,
  );
  const callersWithCalls = () => callerUris.filter((uri) => counts.get(uri) === 1).length;
  const until = (done: () => boolean) =>
    new Promise<void>((resolve) => {
      waiting = { done, resolve };
      if (done()) resolve();
    });
  await connection.sendRequest('initialize', {
    processId: null,
    rootUri: null,
    workspaceFolders: [{ uri: pathToFileURL(folder).href, name: 'bench' }],
    capabilities: {},
  });
  await connection.sendNotification('initialized', {});
  const scans: number[] = [];
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    await connection.sendRequest(SCAN_WORKSPACE_REQUEST);
    scans.push(performance.now() - started);
  }
  await until(() => callersWithCalls() === callers);
  const service = pathToFileURL(join(folder, 'src/services/petService.ts')).href;
  await connection.sendNotification('textDocument/didOpen', {
    textDocument: { uri: service, languageId: 'typescript', version: 1, text: WITH_REQUEST },
  });
  const removals: number[] = [];
  const restorations: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    for (const [text, expected, times] of [
      [WITHOUT_REQUEST, 0, removals],
      [WITH_REQUEST, callers, restorations],
    ] as const) {
      const started = performance.now();
      await connection.sendNotification('textDocument/didChange', {
        textDocument: { uri: service, version: 2 + run * 2 + (expected ? 1 : 0) },
        contentChanges: [{ text }],
      });
      await until(() => callersWithCalls() === expected);
      times.push(performance.now() - started);
    }
  }
  connection.dispose();
  rmSync(folder, { recursive: true, force: true });
  const scan = median(scans);
  console.log('language server, 10,000 files, 100 of them calling one wrapper');
  console.log(
    `  full workspace scan                               ${scan.toFixed(0).padStart(6)} ms`,
  );
  console.log(
    `  edit removes the wrapper's request -> callers clear ${median(removals).toFixed(0).padStart(6)} ms (${(median(removals) / scan).toFixed(2)}x a full scan)`,
  );
  console.log(
    `  edit restores it -> callers diagnosed again         ${median(restorations).toFixed(0).padStart(6)} ms (${(median(restorations) / scan).toFixed(2)}x a full scan)`,
  );
}

/** Heap growth (MB) of building the index over a tree's files, after a scan of them. */
async function indexMemory(tree: string): Promise<{ mb: number; entries: number; calls: number }> {
  const engine = new DeprecationEngine();
  const files = listFiles([tree], () => undefined);
  const reader = new CandidateReader(
    (bytes) => engine.mightContainBytes(bytes),
    () => undefined,
  );
  const direct = [];
  for (const file of files) {
    const read = reader.read(file);
    if (!read) continue;
    const findings = engine.scan(read.text, read.language);
    if (findings.length) direct.push({ path: read.path, findings });
  }
  global.gc?.();
  const before = process.memoryUsage().heapUsed;
  const everything = new CandidateReader(
    () => true,
    () => undefined,
  );
  const followed = await followWrappers(
    direct,
    function* (names) {
      const needles = names.map((name) => Buffer.from(name));
      for (const file of files) {
        const read = everything.read(file);
        if (read && needles.some((needle) => read.text.includes(needle.toString()))) yield read;
      }
    },
    (path) => languageOfPath(path)?.family,
  );
  global.gc?.();
  const mb = (process.memoryUsage().heapUsed - before) / 1024 / 1024;
  let calls = 0;
  for (const list of followed.calls.values()) calls += list.length;
  return { mb, entries: followed.index.size, calls };
}

async function cliCost(label: string, tree: string): Promise<void> {
  const scan = ['scan', '--format', 'json', '--no-rg', '--jobs', '1', '.'];
  const withWrappers: number[] = [];
  const without: number[] = [];
  let found = [0, 0];
  for (let run = 0; run < RUNS; run++) {
    const a = timedCommand(process.execPath, [CLI, ...scan], tree);
    const b = timedCommand(process.execPath, [CLI, ...scan, '--no-wrappers'], tree);
    withWrappers.push(a.ms);
    without.push(b.ms);
    found = [
      (JSON.parse(a.stdout) as unknown[]).length,
      (JSON.parse(b.stdout) as unknown[]).length,
    ];
  }
  const memory = await indexMemory(tree);
  console.log(`${label}`);
  console.log(
    `  CLI, one thread: ${median(withWrappers).toFixed(0)} ms with wrappers (${found[0]} calls), ${median(without).toFixed(0)} ms with --no-wrappers (${found[1]}): ${(median(withWrappers) / median(without)).toFixed(2)}x`,
  );
  console.log(
    `  index: ${memory.entries} wrappers, ${memory.calls} calls of them, heap +${memory.mb.toFixed(1)} MB`,
  );
}

/**
 * A 100,000-file tree: 1,000 files each define a wrapper of their own name, 10,000 call one of
 * them, the rest do neither.
 */
function writeManyWrappers(folder: string, files: number, wrappers: number): void {
  rmSync(folder, { recursive: true, force: true });
  for (let i = 0; i < files; i++) {
    const dir = join(folder, `d${Math.floor(i / 1000)}`);
    if (i % 1000 === 0) mkdirSync(dir, { recursive: true });
    const wrapper = i % wrappers;
    const text =
      i < wrappers
        ? `export async function getPetInfo${i}(id: number) {\n  return (await fetch(\`/api/pets/\${id}\`)).json();\n}\n`
        : i < wrappers * 11
          ? `import { getPetInfo${wrapper} } from '../d0/f${wrapper}';\nexport const show${i} = (id: number) => getPetInfo${wrapper}(id);\n`
          : `export function handler${i}(input: string): string {\n  return input.trim() + '${i}';\n}\n`;
    writeFileSync(join(dir, `f${i}.ts`), text);
  }
}

async function main(): Promise<void> {
  await languageServerEdits();
  const corpus = join(ROOT, 'bench/.corpus');
  writeCorpus(corpus);
  await cliCost('\nbenchmark corpus', corpus);
  const dense = join(ROOT, 'bench/.dense');
  writeDenseCorpus(dense);
  await cliCost('\ndense tree', dense);
  const many = join(ROOT, 'bench/.many-wrappers');
  writeManyWrappers(many, 100_000, 1000);
  const memory = await indexMemory(many);
  console.log('\n100,000 files, 1,000 wrappers, 10,000 callers (in memory, no CLI)');
  console.log(
    `  index: ${memory.entries} wrappers, ${memory.calls} calls of them, heap +${memory.mb.toFixed(1)} MB`,
  );
  rmSync(many, { recursive: true, force: true });
}

void main();

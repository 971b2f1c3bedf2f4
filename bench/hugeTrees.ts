/**
 * The finder on large real trees where almost no file mentions the path (#14): a copy of this
 * project's node_modules with two planted calls, and the editor host's install (.vscode-test).
 * For each, medians of alternated runs of
 *   rg       ripgrep searching the finder's needles with the flags the finder gives it (the floor),
 *   cli+rg   petstore-deprecations scan, candidates listed by that rg,
 *   cli      petstore-deprecations scan --no-rg (the walker in Node),
 *   lsp      the language server's workspace scan (over stdio, the same rg), and its peak RSS,
 *   ref+rg   the CLI of a reference commit, with the same rg (BENCH_REFERENCE, default: the
 *            commit before the finder's failure classes were worked on),
 * and the ratios against rg, and the CLI's against rg -F with the plain needles (the search the
 * CLI's listing runs: the floor its goal of 2x is counted from) in the same run.
 * Run: npm run bench:huge [-- --runs 5]
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-jsonrpc/node';
import { DeprecationEngine } from '../src/core/deprecations/engine';
import { ripgrepArgs } from '../src/core/deprecations/workspace/ripgrepCandidates';
import { CLI, median, referenceCli } from './cliTiming';

const ROOT = resolve(__dirname, '..');
const SERVER = join(ROOT, 'dist/lsp/server.js');
const RG = '/usr/bin/rg';
/** The commit whose CLI the working tree's is compared with. */
const REFERENCE = process.env.BENCH_REFERENCE ?? '0951d41';

function ensureRipgrep(): void {
  if (existsSync(RG)) return;
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  spawnSync('apt-get', ['install', '-y', '-qq', 'ripgrep'], { stdio: 'inherit' });
}

/** A copy of node_modules with two calls planted deep inside it (made once, reused). */
function nodeModulesTree(): string {
  const tree = join(ROOT, 'bench/.huge/node_modules-copy');
  if (!existsSync(join(tree, 'planted-2.ts'))) {
    rmSync(tree, { recursive: true, force: true });
    mkdirSync(tree, { recursive: true });
    cpSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'), { recursive: true });
    writeFileSync(join(tree, 'node_modules/undici/planted-1.ts'), 'fetch(`/v1/pets/${id}`);\n');
    writeFileSync(join(tree, 'planted-2.ts'), 'await api.getPet(7);\n');
  }
  return tree;
}

function timed(command: string, args: string[], cwd: string): number {
  const started = performance.now();
  const result = spawnSync(command, args, { cwd, maxBuffer: 1024 * 1024 * 1024 });
  // rg says 2 for the dangling links in the editor install, which the finder passes over too.
  if (result.status !== 0 && result.status !== 1 && !(command === RG && result.status === 2))
    throw new Error(`${command} ${args.join(' ')}: ${String(result.stderr)}`);
  return performance.now() - started;
}

/** The language server's startup workspace scan, from `initialized` to its progress ending; its peak RSS (MB). */
async function serverScan(tree: string): Promise<{ ms: number; rssMb: number; listedBy: string }> {
  const rssFile = join(tmpdir(), `petstore-lsp-rss-${process.pid}`);
  const child = spawn(
    process.execPath,
    ['--require', join(ROOT, 'bench/maxRss.cjs'), SERVER, '--stdio'],
    { env: { ...process.env, MAX_RSS_FILE: rssFile }, stdio: ['pipe', 'pipe', 'ignore'] },
  );
  const connection = createMessageConnection(
    new StreamMessageReader(child.stdout),
    new StreamMessageWriter(child.stdin),
  );
  let listedBy = 'unknown';
  let scanned: () => void = () => undefined;
  const scanEnded = new Promise<void>((resolve) => (scanned = resolve));
  connection.onNotification('window/logMessage', (params: { message: string }) => {
    const said = /files listed by (ripgrep|the built-in walker)/.exec(params.message);
    if (said) listedBy = said[1] === 'ripgrep' ? 'ripgrep' : 'walker';
  });
  connection.onNotification('$/progress', (params: { value: { kind: string } }) => {
    if (params.value.kind === 'end') scanned();
  });
  connection.onNotification(() => undefined);
  connection.onRequest('window/workDoneProgress/create', () => null);
  connection.onRequest(() => null);
  connection.listen();
  await connection.sendRequest('initialize', {
    processId: null,
    rootUri: null,
    workspaceFolders: [{ uri: pathToFileURL(tree).href, name: 'tree' }],
    capabilities: { window: { workDoneProgress: true } },
    initializationOptions: { ripgrepPath: RG, exclude: [] },
  });
  const started = performance.now();
  await connection.sendNotification('initialized', {});
  await scanEnded;
  const ms = performance.now() - started;
  await connection.sendRequest('shutdown');
  await connection.sendNotification('exit');
  await new Promise((done) => child.once('exit', done));
  connection.dispose();
  const rssMb = Number(readFileSync(rssFile, 'utf8')) / 1024;
  rmSync(rssFile, { force: true });
  return { ms, rssMb, listedBy };
}

async function measure(name: string, tree: string, runs: number, reference: string): Promise<void> {
  const rgArgs = ripgrepArgs(
    { rg: RG, patterns: new DeprecationEngine().prefilterPatterns() },
    tree,
  );
  // For context: the same rg with the plain strings (no whole-segment test), as a quick grep would.
  const fixedArgs = [
    '--fixed-strings',
    ...ripgrepArgs({ rg: RG, patterns: new DeprecationEngine().prefilterNeedles() }, tree),
  ];
  const times: Record<'rg' | 'rgFixed' | 'cliRg' | 'refRg' | 'cli' | 'lsp', number[]> = {
    rgFixed: [],
    rg: [],
    cliRg: [],
    refRg: [],
    cli: [],
    lsp: [],
  };
  const rss: number[] = [];
  timed(RG, rgArgs, tree); // warm the page cache once
  for (let run = 0; run < runs; run++) {
    times.rg.push(timed(RG, rgArgs, tree));
    times.rgFixed.push(timed(RG, fixedArgs, tree));
    times.cliRg.push(timed(process.execPath, [CLI, 'scan', '--format', 'json', '--rg', RG], tree));
    times.refRg.push(
      timed(process.execPath, [reference, 'scan', '--format', 'json', '--rg', RG], tree),
    );
    times.cli.push(timed(process.execPath, [CLI, 'scan', '--format', 'json', '--no-rg'], tree));
    const server = await serverScan(tree);
    if (server.listedBy !== 'ripgrep') throw new Error('the server did not use ripgrep');
    times.lsp.push(server.ms);
    rss.push(server.rssMb);
  }
  const m = Object.fromEntries(
    Object.entries(times).map(([key, values]) => [key, median(values)]),
  ) as Record<keyof typeof times, number>;
  console.log(`\n${name} (${runs} alternated runs, medians)`);
  console.log(`  rg (the finder's needles and flags): ${m.rg.toFixed(0)} ms`);
  console.log(`  rg -F with the plain needles:       ${m.rgFixed.toFixed(0)} ms (for context)`);
  console.log(
    `  cli, rg lists candidates:            ${m.cliRg.toFixed(0)} ms  = ${(m.cliRg / m.rg).toFixed(2)}x rg`,
  );
  console.log(
    `  reference ${REFERENCE}, rg lists:     ${m.refRg.toFixed(0)} ms  = ${(m.refRg / m.rg).toFixed(2)}x rg`,
  );
  /** Median of the runs' ratios a / b: each pair ran back to back, so drift cancels. */
  const paired = (a: keyof typeof times, b: keyof typeof times) =>
    median(times[a].map((ms, index) => ms / times[b][index]!)).toFixed(2);
  console.log(
    `  cli+rg / rg -F: ${paired('cliRg', 'rgFixed')} (goal <= 2); the reference's: ${paired('refRg', 'rgFixed')}; cli+rg / the reference's: ${paired('cliRg', 'refRg')}`,
  );
  console.log(
    `  cli --no-rg (walker):                ${m.cli.toFixed(0)} ms  = ${(m.cli / m.rg).toFixed(2)}x rg`,
  );
  console.log(
    `  language server scan (rg):           ${m.lsp.toFixed(0)} ms  = ${(m.lsp / m.cliRg).toFixed(2)}x the cli+rg figure; peak RSS ${median(rss).toFixed(0)} MB`,
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
  ensureRipgrep();
  const runs = Number(values.runs);
  const work = mkdtempSync(join(tmpdir(), 'petstore-huge-'));
  try {
    const reference = referenceCli(REFERENCE, work);
    await measure('node_modules copy (2 planted calls)', nodeModulesTree(), runs, reference);
    const host = join(ROOT, '.vscode-test');
    if (existsSync(host))
      await measure('editor host install (.vscode-test)', host, runs, reference);
    else console.log('\n.vscode-test is not installed yet (npm run test:integration installs it)');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

void main();

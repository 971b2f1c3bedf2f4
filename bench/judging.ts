/**
 * What the finder's judging costs: the engine of the working tree against the engine of a
 * reference commit (default: the last one before issue #17's precision work), each in its own
 * processes, alternating, on a dense tree where every file is a candidate (uses and near misses every few
 * blocks of ordinary code, in every language of the benchmark corpus). Prints the median CPU time
 * of each and their ratio (goal: the extra judging costs at most 10 %), and the findings of each.
 * Run: npm run bench:judging   (BENCH_REFERENCE=<git ref> to compare with another commit)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildSync } from 'esbuild';
import { NODE_BUNDLE } from './nodeBundle';
import type * as EngineModule from '../src/core/deprecations/engine';
import type * as LanguagesModule from '../src/core/deprecations/lexers/languages';
import * as ROLE_CASES from '../test/unit/core/deprecations/judges/roleCases';
import { DART_CASES, SWIFT_CASES } from '../test/unit/core/deprecations/lexers/dartSwiftCases';
import type { Case } from '../test/unit/core/deprecations/support';
import { FLAVOURS } from './corpus';

const ROOT = resolve(__dirname, '..');
const REFERENCE = process.env.BENCH_REFERENCE ?? '30f693e';
/** Processes per engine, and timed rounds in each. */
const PROCESSES = Number(process.env.BENCH_ROUNDS ?? 5);
const CHILD_ROUNDS = 4;
const FILES_PER_LANGUAGE = 40;
const BLOCKS_PER_FILE = 400;

type Engine = typeof EngineModule & typeof LanguagesModule;

/** The engine of the source tree at `root`, bundled as the language server and CLI bundle it. */
function bundleEngine(root: string, outfile: string): void {
  buildSync({
    stdin: {
      contents:
        "export { DeprecationEngine } from './src/core/deprecations/engine';\n" +
        "export { languageOfPath } from './src/core/deprecations/lexers/languages';\n",
      resolveDir: root,
      loader: 'ts',
    },
    ...NODE_BUNDLE,
    outfile,
  });
}

/** Every file a candidate: a use or a near miss every fifth block of each language's filler. */
function denseTree(): { name: string; text: string }[] {
  const files: { name: string; text: string }[] = [];
  for (const flavour of FLAVOURS) {
    for (let file = 0; file < FILES_PER_LANGUAGE; file++) {
      const parts: string[] = [];
      for (let block = 0; block < BLOCKS_PER_FILE; block++) {
        parts.push(flavour.filler(file * 1000 + block));
        if (block % 10 === 4) parts.push(flavour.use);
        if (block % 10 === 9) parts.push(flavour.nearMiss);
      }
      files.push({ name: `file${file}.${flavour.extension}`, text: parts.join('') });
    }
  }
  return files;
}

function scanAll(engine: Engine, files: { name: string; text: string }[]): number {
  const scanner = new engine.DeprecationEngine();
  let findings = 0;
  for (const file of files)
    findings += scanner.scan(file.text, engine.languageOfPath(file.name)!).length;
  return findings;
}

/** In a child process: scan the tree with one engine, print the fastest of a few rounds (ms). */
function child(bundle: string): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const engine = require(bundle) as Engine;
  const files = denseTree();
  let best = Infinity;
  let findings = 0;
  for (let round = 0; round < 2 + CHILD_ROUNDS; round++) {
    // CPU time of this thread's process, not wall time: time the scheduler gives to other
    // processes on this shared machine does not count.
    const started = process.cpuUsage();
    findings = scanAll(engine, files);
    const used = process.cpuUsage(started);
    // The first rounds warm the JIT; the fastest later round is the cost without the machine's
    // noise (a collection that happened to fall in it).
    if (round >= 2) best = Math.min(best, (used.user + used.system) / 1000);
  }
  process.stdout.write(JSON.stringify({ best, findings }));
}

/** Issue #17's classes of the case corpus, and whether a class is judged at the default confidence. */
const CLASSES: [name: string, cases: Case[], reportedOnly: boolean][] = [
  ['server-side redirects', ROLE_CASES.REDIRECT_CASES, false],
  ['client-side routes, links, navigation', ROLE_CASES.NAVIGATION_CASES, false],
  ['static assets and storage', ROLE_CASES.STATIC_ASSET_CASES, false],
  ['local functions named like the operation', ROLE_CASES.LOCAL_NAME_CASES, true],
  ['names (object keys, labels)', ROLE_CASES.NAME_CASES, false],
  ["other APIs' paths", ROLE_CASES.OTHER_API_CASES, false],
  ['methods across type arguments', ROLE_CASES.GENERIC_CALL_CASES, false],
  ['Dart', DART_CASES, false],
  ['Swift', SWIFT_CASES, false],
];

/** Cases of each class whose findings land on exactly the expected lines, for one engine. */
function classFigures(engine: Engine): string[] {
  const scanner = new engine.DeprecationEngine();
  return CLASSES.map(([, cases, reportedOnly]) => {
    let right = 0;
    for (const [name, code, lines] of cases) {
      const language = engine.languageOfPath(name, code.split('\n', 1)[0]);
      const found = language
        ? scanner
            .scan(code, language)
            // The reference engine has no confidence: all its findings count.
            .filter((finding) => !reportedOnly || finding.confidence !== 'possible')
            .map((finding) => finding.start.line + 1)
        : [];
      if (JSON.stringify(found) === JSON.stringify(lines)) right++;
    }
    return `${right}/${cases.length}`;
  });
}

function main(): void {
  const work = mkdtempSync(join(tmpdir(), 'petstore-judging-'));
  try {
    execFileSync('sh', ['-c', `git archive ${REFERENCE} src | tar -x -C "${work}"`], { cwd: ROOT });
    const bundles = {
      reference: join(work, 'reference.cjs'),
      current: join(work, 'current.cjs'),
    };
    bundleEngine(work, bundles.reference);
    bundleEngine(ROOT, bundles.current);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const before = classFigures(require(bundles.reference) as Engine);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const after = classFigures(require(bundles.current) as Engine);
    console.log(`case corpus, cases right per class (reference ${REFERENCE} -> working tree):`);
    CLASSES.forEach(([name], index) =>
      console.log(`  ${name.padEnd(42)} ${before[index]!.padStart(7)} -> ${after[index]}`),
    );
    const files = denseTree();
    const megabytes = files.reduce((total, file) => total + file.text.length, 0) / 1024 / 1024;
    console.log(`dense tree: ${files.length} files, ${megabytes.toFixed(1)} MB, all candidates`);
    // Each engine in its own process (its own JIT and heap), alternating, so drift of the
    // machine falls on both alike.
    const times = { reference: [] as number[], current: [] as number[] };
    const found = { reference: 0, current: 0 };
    for (let round = 0; round < PROCESSES; round++) {
      for (const name of ['reference', 'current'] as const) {
        const output = execFileSync(
          process.execPath,
          ['--import', 'tsx', __filename, '--child', bundles[name]],
          { cwd: ROOT, encoding: 'utf8' },
        );
        const { best, findings } = JSON.parse(output) as { best: number; findings: number };
        times[name].push(best);
        found[name] = findings;
      }
    }
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    // Each pair ran back to back: the median of the pairs' ratios resists the machine's drift.
    const ratios = times.current.map((time, index) => time / times.reference[index]!);
    console.log(
      `reference ${REFERENCE}: median ${median(times.reference).toFixed(0)} ms, ${found.reference} findings`,
    );
    console.log(
      `working tree:       median ${median(times.current).toFixed(0)} ms, ${found.current} findings`,
    );
    // This machine's speed swings by up to 2x between processes (other tenants): the fastest
    // process of each engine is the other estimate that noise cannot inflate.
    const fastest = Math.min(...times.current) / Math.min(...times.reference);
    console.log(`fastest process of each: ratio ${fastest.toFixed(3)}`);
    console.log(
      `ratio working tree / reference = ${median(ratios).toFixed(3)} (median of ${ratios.length} pairs: ${ratios
        .map((ratio) => ratio.toFixed(2))
        .join(', ')}; goal <= 1.10)`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') child(process.argv[3]!);
else main();

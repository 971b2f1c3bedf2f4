/**
 * Robustness figures of the finder, as ratios measured in one run:
 *   1. the workspace walk at 500, 1,000 and 2,000 levels of folders (a linear walk doubles from
 *      1,000 to 2,000; the old one, cubic, took minutes at 2,000);
 *   2. peak memory of `petstore-deprecations scan` on the benchmark corpus and on a 10 MB file with
 *      a call on every line, above Node's own start (`node -e 0`), as multiples of the largest file;
 *   3. the engine on one-line files (minified, generated code) of several shapes, at 1x and 4x the
 *      uses (linear: ~4; the unbounded walks back to a line's start made it ~16: a 3 MB bundle with
 *      100,000 uses took four minutes), and the CLI on such a bundle;
 *   4. the engine's findings per second on a file with a call on every line, against the same
 *      file's size with one call in 1,000 lines (scanned at memory speed) in the same run;
 *   5. the CLI on minified bundles of functions that wrap the request (each called elsewhere in
 *      the bundle) at 0.6 and 4.8 MB, with and without the cross-file stage (linear: ~8x for 8x
 *      the size; it was quadratic, ~45 s on a 5 MB bundle).
 * Run: npm run bench:robustness
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DeprecationEngine } from '../src/core/deprecations/engine';
import { languageOfPath } from '../src/core/deprecations/lexers/languages';
import { listFiles } from '../src/core/deprecations/workspace/workspaceWalker';
import { writeCorpus } from './corpus';

const ROOT = resolve(__dirname, '..');
const CLI = join(ROOT, 'dist/cli/petstore-deprecations.js');

function walkMs(depth: number): number {
  const root = mkdtempSync(join(tmpdir(), 'petstore-deep-'));
  try {
    let deepest = root;
    for (let level = 0; level < depth; level++) deepest = join(deepest, 'd');
    mkdirSync(deepest, { recursive: true });
    writeFileSync(join(deepest, 'a.ts'), 'fetch(`/pets/${id}`);\n');
    const started = performance.now();
    const files = listFiles([root], () => undefined);
    const ms = performance.now() - started;
    if (files.length !== 1) throw new Error(`expected the one file, found ${files.length}`);
    return ms;
  } finally {
    execFileSync('rm', ['-rf', root]); // Node's recursive rm overflows its stack this deep
  }
}

/** Peak RSS in MB of a Node process running `args`. */
function peakRssMb(args: string[]): number {
  const report = join(tmpdir(), `petstore-rss-${process.pid}`);
  const result = spawnSync(process.execPath, args, {
    env: {
      ...process.env,
      NODE_OPTIONS: `--require ${join(__dirname, 'maxRss.cjs')}`,
      MAX_RSS_FILE: report,
    },
    maxBuffer: 512 * 1024 * 1024,
  });
  if (result.status !== 0 && result.status !== 1)
    throw new Error(`${args.join(' ')} failed: ${result.stderr.toString()}`);
  const kb = Number(readFileSync(report, 'utf8'));
  rmSync(report);
  return kb / 1024;
}

/** Shapes of one-line files: a file name and one use, repeated on a single line. */
const ONE_LINE_SHAPES: [
  label: string,
  name: string,
  use: (i: number) => string,
  prefix?: string,
][] = [
  ['stored URLs', 'a.js', (i) => `a${i}=fetch("/pets/"+id${i});`],
  ['object literals', 'a.js', (i) => `{u:"/pets/${i}",m:"GET",`],
  ['joined segments', 'a.js', (i) => `x${i}=["pets",id].join("/");`],
  ['a fluent chain', 'a.js', (i) => `.get("/pets/${i}")`, 'a'],
  ['one long URL', 'a.http', (i) => `/pets/${i}`, 'GET {{b}}'],
  ['shell variables', 'a.sh', () => `U="$B/pets/$I"; curl "$U";`],
  [
    'PHP curl handles',
    'a.php',
    (i) => `$ch${i} = curl_init("/pets/1"); curl_setopt($ch${i}, CURLOPT_URL, "/pets/2");`,
    '<?php ',
  ],
];

function oneLineMs(name: string, use: (i: number) => string, uses: number, prefix: string) {
  let code = prefix;
  for (let i = 0; i < uses; i++) code += use(i);
  const engine = new DeprecationEngine();
  const language = languageOfPath(name)!;
  const started = performance.now();
  engine.scan(code, language);
  return performance.now() - started;
}

function oneLineFiles(): void {
  console.log('\none-line files: engine time at 4,000 and 16,000 uses (best of 3)');
  for (const [label, name, use, prefix = ''] of ONE_LINE_SHAPES) {
    const [small, large] = [4_000, 16_000].map((uses) =>
      Math.min(...[0, 1, 2].map(() => oneLineMs(name, use, uses, prefix))),
    );
    console.log(
      `  ${label.padEnd(18)} ${small!.toFixed(0).padStart(6)} ms ${large!.toFixed(0).padStart(7)} ms  ratio ${(large! / small!).toFixed(1)}  (linear: ~4; quadratic: ~16)`,
    );
  }
  const folder = mkdtempSync(join(tmpdir(), 'petstore-minified-'));
  const bundle = join(folder, 'bundle.min.js');
  let code = '';
  for (let i = 0; i < 100_000; i++) code += `a${i}=fetch("/pets/"+id${i});`;
  writeFileSync(bundle, code);
  const started = performance.now();
  spawnSync(process.execPath, [CLI, 'scan', '--no-rg', bundle], { stdio: 'ignore' });
  const ms = performance.now() - started;
  rmSync(folder, { recursive: true, force: true });
  console.log(
    `  CLI on a ${(code.length / 1048576).toFixed(1)} MB one-line bundle with 100,000 uses: ${(ms / 1000).toFixed(1)} s (took 244 s before the walks were bounded)`,
  );
}

/** Best of 3 engine times over `text`, and the number of findings. */
function engineMs(text: string, name: string): { ms: number; found: number } {
  const language = languageOfPath(name)!;
  let best = Infinity;
  let found = 0;
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    found = new DeprecationEngine().scan(text, language).length;
    best = Math.min(best, performance.now() - started);
  }
  return { ms: best, found };
}

function denseFindings(): void {
  const lines = 200_000;
  const call = 'const pet = await fetch(`${BASE}/pets/${id}`);\n';
  const quiet = 'const pet = await fetch(`${BASE}/pats/${id}`);\n';
  const dense = engineMs(call.repeat(lines), 'a.ts');
  const sparse = engineMs((quiet.repeat(999) + call).repeat(lines / 1000), 'a.ts');
  console.log(`\na ${lines.toLocaleString('en')}-line file, the engine alone (best of 3)`);
  console.log(
    `  a call on every line:  ${dense.ms.toFixed(0).padStart(6)} ms, ${dense.found} findings, ${((dense.found / dense.ms) * 1000).toFixed(0)} findings/s, ${((dense.ms * 1000) / dense.found).toFixed(1)} µs each`,
  );
  console.log(
    `  one call in 1,000:     ${sparse.ms.toFixed(0).padStart(6)} ms, ${sparse.found} findings; dense / sparse = ${(dense.ms / sparse.ms).toFixed(1)}x`,
  );
}

/** A one-line bundle of ~`bytes`: functions that send the request, wrapped and called in turn. */
function wrapperBundle(bytes: number): string {
  let code = '!function(){';
  for (let i = 0; code.length < bytes; i++)
    code +=
      `function a${i}(e){return fetch("/api/pets/"+e).then(function(t){return t.json()})}` +
      `var b${i}=function(e,t){return a${i}(e).then(function(n){return n.name+t})};` +
      `c.push(b${i}(${i},"x"));function d${i}(e){return e+1}var q${i}=d${i}(${i})+"text";`;
  return `${code}}();`;
}

function bundleSeconds(file: string, extra: string[]): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, [CLI, 'scan', '--no-rg', ...extra, file], {
    stdio: 'ignore',
  });
  if (result.status !== 1) throw new Error(`scan of ${file} ended with ${result.status}`);
  return (performance.now() - started) / 1000;
}

function minifiedWrappers(): void {
  console.log('\nminified bundles of wrappers: the CLI with the cross-file stage, and without it');
  const folder = mkdtempSync(join(tmpdir(), 'petstore-bundles-'));
  const times: number[] = [];
  try {
    for (const megabytes of [0.6, 4.8]) {
      const file = join(folder, `bundle-${megabytes}.min.js`);
      writeFileSync(file, wrapperBundle(megabytes * 1024 * 1024));
      const withWrappers = Math.min(bundleSeconds(file, []), bundleSeconds(file, []));
      const without = bundleSeconds(file, ['--no-wrappers']);
      times.push(withWrappers);
      console.log(
        `  ${megabytes.toFixed(1)} MB: ${withWrappers.toFixed(1)} s, ${without.toFixed(1)} s with --no-wrappers`,
      );
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  console.log(
    `  ratio 4.8 / 0.6 MB = ${(times[1]! / times[0]!).toFixed(1)}  (linear: ~8, less Node's start-up; quadratic: ~64)`,
  );
}

function main(): void {
  console.log('workspace walk of a folder chain (one file at the bottom)');
  const times = new Map<number, number>();
  for (const depth of [500, 1000, 2000]) {
    times.set(depth, Math.min(walkMs(depth), walkMs(depth), walkMs(depth)));
    console.log(
      `  ${String(depth).padStart(5)} levels  ${times.get(depth)!.toFixed(0).padStart(6)} ms`,
    );
  }
  console.log(
    `  ratio 2,000 / 1,000 levels = ${(times.get(2000)! / times.get(1000)!).toFixed(2)}  (linear: ~2; cubic: ~8)`,
  );

  const corpus = join(ROOT, 'bench/.corpus');
  const stats = writeCorpus(corpus);
  const dense = mkdtempSync(join(tmpdir(), 'petstore-dense-'));
  const line = 'const pet = await fetch(`${BASE}/pets/${id}`); // pets/1\n';
  const denseFile = join(dense, 'dense.ts');
  writeFileSync(denseFile, line.repeat(Math.floor((10 * 1024 * 1024 - 1) / line.length)));
  const baseline = peakRssMb(['-e', '0']);
  const corpusPeak = peakRssMb([CLI, 'scan', '--format', 'json', corpus]);
  const densePeak = peakRssMb([CLI, 'scan', '--format', 'json', denseFile]);
  rmSync(dense, { recursive: true, force: true });
  const largestCorpusFileMb = stats.bytes / stats.files / 1024 / 1024;
  console.log(
    `\npeak memory (RSS) of petstore-deprecations scan; node -e 0 alone: ${baseline.toFixed(0)} MB`,
  );
  console.log(
    `  benchmark corpus (${stats.files} files, ${(stats.bytes / 1048576).toFixed(0)} MB): ${corpusPeak.toFixed(0)} MB, ${(corpusPeak - baseline).toFixed(0)} MB above node (files ~${(largestCorpusFileMb * 1024).toFixed(0)} KB each)`,
  );
  console.log(
    `  10 MB file, a call on every line:  ${densePeak.toFixed(0)} MB, ${(densePeak - baseline).toFixed(0)} MB above node = ${((densePeak - baseline) / 10).toFixed(1)}x the file`,
  );
  oneLineFiles();
  denseFindings();
  minifiedWrappers();
}

main();

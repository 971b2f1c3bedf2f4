/**
 * Speed of the deprecated getPet finder, as ratios measured in one run (machines here are noisy):
 *   1. `petstore-deprecations scan` against `rg /pets/` (the text-search floor) on a ~100 MB,
 *      ~10,000-file mixed corpus (goal: within 2x);
 *   2. the same CLI against ESLint's no-restricted-syntax on the JS/TS part (goal: >= 10x faster);
 *   3. re-diagnosing an edited 10,000-line file in the engine (goal: median <= 5 ms).
 * Run: npm run bench:deprecations
 */
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildSync } from 'esbuild';
import type * as EngineModule from '../src/core/deprecations/engine';
import type * as LanguagesModule from '../src/core/deprecations/lexers/languages';
import { median, timedCommand } from './cliTiming';
import { largeTypeScriptFile, writeCorpus } from './corpus';

const ROOT = resolve(__dirname, '..');
const CORPUS = join(ROOT, 'bench/.corpus');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const timed = (command: string, args: string[], cwd = ROOT) => timedCommand(command, args, cwd);

function ensureRipgrep(): void {
  if (spawnSync('rg', ['--version']).status === 0) return;
  if (process.getuid?.() !== 0) throw new Error('ripgrep is needed: apt-get install ripgrep');
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  spawnSync('apt-get', ['install', '-y', '-qq', 'ripgrep'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

function main(): void {
  const rediagnosis = measureRediagnosis();
  ensureRipgrep();
  const stats = writeCorpus(CORPUS);
  writeFileSync(
    join(stats.jsFolder, 'eslint.config.mjs'),
    `import tseslint from 'typescript-eslint';
export default [{ files: ['**/*.ts', '**/*.js'], languageOptions: { parser: tseslint.parser },
  rules: { 'no-restricted-syntax': ['warn',
    { selector: 'Literal[value=/\\\\/pets\\\\//]', message: 'GET /pets/{petId} is deprecated' },
    { selector: 'TemplateElement[value.raw=/\\\\/pets\\\\//]', message: 'GET /pets/{petId} is deprecated' }] } }];
`,
  );
  console.log(
    `corpus: ${stats.files} files, ${(stats.bytes / 1024 / 1024).toFixed(0)} MB, ${stats.uses} planted uses`,
  );

  const cli = join(ROOT, 'dist/cli/petstore-deprecations.js');
  if (!existsSync(cli)) throw new Error('build first: npm run build');
  const eslint = join(ROOT, 'node_modules/eslint/bin/eslint.js');
  const scanAll = () => timed(process.execPath, [cli, 'scan', '--format', 'json', CORPUS]);
  const scanJs = () => timed(process.execPath, [cli, 'scan', '--format', 'json', stats.jsFolder]);
  const ripgrep = () => timed('rg', ['--count-matches', '/pets/', CORPUS]);
  const eslintJs = () =>
    timed(process.execPath, [eslint, '--no-warn-ignored', '-f', 'json', '.'], stats.jsFolder);

  // Warm the page cache, and check the tools see what was planted.
  const found = JSON.parse(scanAll().stdout) as unknown[];
  ripgrep();
  console.log(`petstore-deprecations found ${found.length} uses (planted: ${stats.uses})`);

  const samples = {
    scanAll: [] as number[],
    ripgrep: [] as number[],
    scanJs: [] as number[],
    eslint: [] as number[],
  };
  for (let round = 0; round < ROUNDS; round++) {
    samples.scanAll.push(scanAll().ms);
    samples.ripgrep.push(ripgrep().ms);
    samples.scanJs.push(scanJs().ms);
    if (round === 0 || process.env.BENCH_ESLINT_ROUNDS) samples.eslint.push(eslintJs().ms); // ESLint is slow: once is enough
  }
  const all = median(samples.scanAll);
  const rg = median(samples.ripgrep);
  const js = median(samples.scanJs);
  const es = median(samples.eslint);
  console.log(`\nwall time (median of ${ROUNDS}):`);
  console.log(`  petstore-deprecations, whole corpus   ${all.toFixed(0).padStart(7)} ms`);
  console.log(`  rg /pets/, whole corpus              ${rg.toFixed(0).padStart(7)} ms`);
  console.log(`  petstore-deprecations, JS/TS part    ${js.toFixed(0).padStart(7)} ms`);
  console.log(`  eslint no-restricted-syntax, JS/TS   ${es.toFixed(0).padStart(7)} ms`);
  console.log(`  ratio petstore-deprecations / rg     = ${(all / rg).toFixed(2)}  (goal <= 2)`);
  console.log(`  ratio eslint / petstore-deprecations = ${(es / js).toFixed(1)}  (goal >= 10)`);

  console.log(`\n${rediagnosis}`);
}

/**
 * Re-diagnosing an edited 10,000-line file, measured first, in a process not yet busy with the
 * corpus (generating 100 MB leaves a large heap that slows every later allocation).
 */
function measureRediagnosis(): string {
  // The engine as the language server runs it: bundled by esbuild (not transpiled on the fly).
  const bundle = join(CORPUS, 'engine.cjs');
  buildSync({
    stdin: {
      contents:
        "export { DeprecationEngine } from './src/core/deprecations/engine';\n" +
        "export { languageOfPath } from './src/core/deprecations/lexers/languages';\n",
      resolveDir: ROOT,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile: bundle,
    logLevel: 'warning',
  });
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { DeprecationEngine, languageOfPath } = require(bundle) as typeof EngineModule &
    typeof LanguagesModule;
  const engine = new DeprecationEngine();
  const typescript = languageOfPath('edited.ts')!;
  let text = largeTypeScriptFile();
  const times: number[] = [];
  // A language server runs for hours: the first 50 edits warm it up and are not counted.
  const WARM_UP = 50;
  const EDITS = 150;
  for (let edit = 0; edit < EDITS; edit++) {
    // One keystroke somewhere in the file, then a full re-diagnosis (what the server does).
    const at = Math.floor(text.length / EDITS) * edit;
    text = `${text.slice(0, at)}x${text.slice(at + 1)}`;
    const started = performance.now();
    engine.scan(text, typescript);
    times.push(performance.now() - started);
  }
  return `re-diagnose an edited 10,000-line file: median ${median(times.slice(WARM_UP)).toFixed(2)} ms (goal <= 5 ms)`;
}

main();

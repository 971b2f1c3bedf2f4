import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  bar,
  buildsMeasure,
  phasedMeasure,
  runStep,
  sizeMeasure,
  type ProgressOutput,
} from '../../host/installProgress';

/** Running: a process that exists and is not a zombie waiting to be reaped (PID 1 of a container may never). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

describe('install progress (the editor host’s first install)', function () {
  this.timeout(30_000);
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'petstore-progress-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('measures a step by the size written and the native modules built, as one bar', async () => {
    const modules = join(folder, 'node_modules');
    mkdirSync(join(modules, 'spdlog/build/Release'), { recursive: true });
    writeFileSync(join(modules, 'spdlog/build/Release/spdlog.node'), Buffer.alloc(2_000_000));
    mkdirSync(join(modules, '@vscode/sqlite3/build/Release'), { recursive: true });
    writeFileSync(join(modules, '@vscode/sqlite3/build/Release/a.node'), '');
    writeFileSync(join(modules, '@vscode/sqlite3/build/Release/b.node'), '');
    const size = await sizeMeasure([modules, join(folder, 'not-yet')], 8_000_000)();
    assert.equal(size.text, '2 / 8 MB');
    assert.ok(size.share > 0.25 && size.share < 0.27, String(size.share));
    const built = await buildsMeasure([modules], 4)();
    assert.deepEqual(built, { share: 0.5, text: '2 / 4 native modules built' });
    // Configured by node-gyp, not built yet: being compiled, and named.
    mkdirSync(join(modules, '@vscode/spdlog/build'), { recursive: true });
    writeFileSync(join(modules, '@vscode/spdlog/build/config.gypi'), '{}');
    writeFileSync(join(modules, '@vscode/sqlite3/build/config.gypi'), '{}');
    assert.deepEqual(await buildsMeasure([modules], 4)(), {
      share: 0.5,
      text: '2 / 4 native modules built, compiling @vscode/spdlog',
    });
    const both = await phasedMeasure([
      { weight: 1, measure: () => Promise.resolve({ share: 1, text: 'a' }) },
      { weight: 3, measure: () => Promise.resolve({ share: 0, text: 'b' }) },
    ])();
    assert.deepEqual(both, { share: 0.25, text: 'a, b' });
    assert.equal(bar(0.5), `${'█'.repeat(12)}${'░'.repeat(12)}`);
  });

  it('draws a bar with the size while the step runs, and a full one when it is done', async () => {
    const lines: string[] = [];
    const output: ProgressOutput = { tty: false, write: (text) => lines.push(text) };
    const target = join(folder, 'out');
    await runStep(
      { label: '[1/1] Test step', measure: sizeMeasure([target], 3_000_000) },
      'sh',
      ['-c', `mkdir -p ${target} && head -c 3000000 /dev/zero > ${target}/blob`],
      { output, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    assert.match(lines[0]!, /^\[1\/1\] Test step {2}[█░]{24} {2}\d+ \/ 3 MB {2}0:0\d\n$/);
    assert.match(lines.at(-1)!, /^\[1\/1\] Test step {2}█{24} {2}3 \/ 3 MB {2}0:0\d\n$/);
  });

  it('says what failed, with the command’s own words', async () => {
    const output: ProgressOutput = { tty: false, write: () => undefined };
    await assert.rejects(
      runStep(
        { label: '[1/1] Failing', measure: sizeMeasure([folder], 1) },
        'sh',
        ['-c', 'echo "npm error network unreachable" >&2; exit 3'],
        { output, stdio: ['ignore', 'ignore', 'pipe'] },
      ),
      /\[1\/1\] Failing failed \(exit 3\):\nnpm error network unreachable/,
    );
  });

  it('stops the step and everything it started on an abort (Ctrl-C), and rejects as aborted', async () => {
    const pids = join(folder, 'pids');
    const stopping = new AbortController();
    const output: ProgressOutput = { tty: true, write: () => undefined };
    const step = runStep(
      { label: '[1/1] Long', measure: sizeMeasure([folder], 1) },
      'sh',
      ['-c', `sleep 60 & echo $$ $! > ${pids}; wait`],
      { output, stdio: ['ignore', 'ignore', 'pipe'], signal: stopping.signal },
    );
    while (!readFileSafe(pids)) await new Promise((resolve) => setTimeout(resolve, 50)); // the child's own file
    stopping.abort();
    await assert.rejects(step, { name: 'AbortError' });
    const [shell, sleeper] = readFileSafe(pids)!.trim().split(' ').map(Number);
    assert.equal(alive(shell!), false);
    assert.equal(alive(sleeper!), false, 'its child went too (the whole process group)');
  });
});

function readFileSafe(path: string): string | undefined {
  try {
    const text = readFileSync(path, 'utf8');
    return text.includes(' ') && text.endsWith('\n') ? text : undefined;
  } catch {
    return undefined;
  }
}

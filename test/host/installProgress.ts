import { spawn, type SpawnOptions } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';

/** Where progress is drawn: a terminal gets one line redrawn in place, a log a line now and then. */
export interface ProgressOutput {
  tty: boolean;
  write(text: string): void;
}

export const STDOUT: ProgressOutput = {
  get tty() {
    return process.stdout.isTTY === true;
  },
  write: (text) => process.stdout.write(text),
};

const MB = 1_000_000;
const BAR_WIDTH = 24;
/** How often a step's size is measured and drawn. */
const TICK_MS = 1_000;
/** A log (no terminal) gets a line at most this often. */
const LOG_EVERY_MS = 15_000;

export function elapsed(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The bytes under a folder (`du -sb`); 0 while it does not exist yet. */
export async function folderBytes(folder: string): Promise<number> {
  const du = spawn('du', ['-sb', folder], { stdio: ['ignore', 'pipe', 'ignore'] });
  let output = '';
  du.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  await once(du, 'close');
  return Number(/^(\d+)/.exec(output)?.[1] ?? 0);
}

/** How far a step is: its share done (0..1) and the same in words ("231 / 414 MB"). */
export interface Measure {
  share: number;
  text: string;
}

export interface ProgressStep {
  /** "[2/2] VS Code's modules (npm install, native builds)". */
  label: string;
  measure: () => Promise<Measure>;
}

/** Progress as the size folders reached against the size they have once the step is done. */
export function sizeMeasure(folders: readonly string[], expectedBytes: number) {
  return async (): Promise<Measure> => {
    let bytes = 0;
    for (const folder of folders) bytes += await folderBytes(folder);
    return {
      share: Math.min(1, bytes / Math.max(expectedBytes, 1)),
      text: `${Math.round(bytes / MB)} / ${Math.round(expectedBytes / MB)} MB`,
    };
  };
}

/**
 * Progress as native modules built (a `build/Release/*.node` each) against how many there are,
 * naming the ones being compiled (configured by node-gyp, not built yet): one of them alone takes
 * minutes, and the bar cannot move meanwhile.
 */
export function buildsMeasure(folders: readonly string[], expected: number) {
  return async (): Promise<Measure> => {
    const { built, compiling } = await nativeBuilds(folders);
    const now = compiling.length ? `, compiling ${compiling.join(', ')}` : '';
    return {
      share: Math.min(1, built / Math.max(expected, 1)),
      text: `${Math.min(built, expected)} / ${expected} native modules built${now}`,
    };
  };
}

/** Measures one after the other, weighted: extracting, then building, as one bar. */
export function phasedMeasure(
  phases: readonly { weight: number; measure: () => Promise<Measure> }[],
) {
  return async (): Promise<Measure> => {
    const measured = await Promise.all(phases.map((phase) => phase.measure()));
    const total = phases.reduce((sum, phase) => sum + phase.weight, 0);
    return {
      share: measured.reduce((sum, each, k) => sum + each.share * phases[k]!.weight, 0) / total,
      text: measured.map((each) => each.text).join(', '),
    };
  };
}

async function nativeBuilds(
  folders: readonly string[],
): Promise<{ built: number; compiling: string[] }> {
  const present = folders.filter(existsSync);
  if (!present.length) return { built: 0, compiling: [] };
  const find = spawn(
    'find',
    [
      ...present,
      '-maxdepth',
      '5',
      '(',
      '-path',
      '*/build/Release/*.node',
      '-o',
      '-path',
      '*/build/config.gypi',
      ')',
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  let output = '';
  find.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  await once(find, 'close');
  const built = new Set<string>();
  const configured = new Set<string>();
  for (const path of output.split('\n').filter(Boolean)) {
    const module = path.replace(/\/build\/.*$/, '');
    (path.endsWith('.node') ? built : configured).add(module);
  }
  const name = (module: string) =>
    /node_modules\/((?:@[^/]+\/)?[^/]+)$/.exec(module)?.[1] ?? module;
  return {
    built: built.size,
    compiling: [...configured]
      .filter((module) => !built.has(module))
      .map(name)
      .sort(),
  };
}

/** "████████░░░░": the share done as a bar. */
export function bar(share: number): string {
  const filled = Math.round(Math.min(1, Math.max(0, share)) * BAR_WIDTH);
  return `${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}`;
}

/**
 * Runs one long install step, drawing its progress: the size its folders reached against the
 * size they have when it is done, and the time so far. An abort (Ctrl-C) stops the command and
 * its children, and rejects with an AbortError.
 */
export async function runStep(
  step: ProgressStep,
  command: string,
  args: readonly string[],
  options: SpawnOptions & { signal?: AbortSignal; output?: ProgressOutput },
): Promise<void> {
  const { signal, output = STDOUT, ...spawnOptions } = options;
  signal?.throwIfAborted();
  const started = Date.now();
  let lastLogged = 0;
  const draw = async (final = false) => {
    const { share, text } = await step.measure();
    const line = `${step.label}  ${bar(final ? 1 : share)}  ${text}  ${elapsed(Date.now() - started)}`;
    if (output.tty) output.write(`\r\x1b[2K${line}${final ? '\n' : ''}`);
    else if (final || Date.now() - lastLogged >= LOG_EVERY_MS) {
      lastLogged = Date.now();
      output.write(`${line}\n`);
    }
  };
  // Its own process group: Ctrl-C reaches the demo, which stops the step; never half a step.
  const child = spawn(command, args, { ...spawnOptions, detached: true });
  let errors = '';
  child.stderr?.on(
    'data',
    (chunk: Buffer) => (errors = (errors + chunk.toString('utf8')).slice(-8000)),
  );
  const stop = () => {
    if (child.pid !== undefined && child.exitCode === null)
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
  };
  signal?.addEventListener('abort', stop, { once: true });
  let drawing = draw();
  const timer = setInterval(() => {
    drawing = drawing.then(() => draw());
  }, TICK_MS);
  try {
    const [code, killedBy] = (await once(child, 'close')) as [number | null, string | null];
    clearInterval(timer);
    await drawing;
    signal?.throwIfAborted();
    if (code !== 0)
      throw new Error(
        `${step.label} failed (${killedBy ?? `exit ${code}`})${errors.trim() ? `:\n${errors.trim()}` : ''}`,
      );
    await draw(true);
  } finally {
    clearInterval(timer);
    signal?.removeEventListener('abort', stop);
    stop();
  }
}

import { spawn, type SpawnOptions } from 'node:child_process';
import { once } from 'node:events';

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

/** "████████░░░░  231 / 414 MB": the share of the expected size reached, never past the end. */
export function sizeBar(bytes: number, expectedBytes: number): string {
  const share = Math.min(1, bytes / Math.max(expectedBytes, 1));
  const filled = Math.round(share * BAR_WIDTH);
  return `${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}  ${Math.round(bytes / MB)} / ${Math.round(expectedBytes / MB)} MB`;
}

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

export interface ProgressStep {
  /** "[2/3] VS Code's modules (npm install, native builds)". */
  label: string;
  /** Folders whose size is the step's progress. */
  folders: readonly string[];
  /** Their size once the step is done (measured for the pinned versions). */
  expectedBytes: number;
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
    let bytes = 0;
    for (const folder of step.folders) bytes += await folderBytes(folder);
    const line = `${step.label}  ${sizeBar(final ? Math.max(bytes, step.expectedBytes) : bytes, step.expectedBytes)}  ${elapsed(Date.now() - started)}`;
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

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';

const ROOT = resolve(__dirname, '../..');

interface ActionStep {
  id?: string;
  shell: string;
  run: string;
  env?: Record<string, string>;
  'working-directory'?: string;
}
export interface Action {
  inputs: Record<string, { description: string; default?: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: ActionStep[] };
}

export const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as Action;

/** ${{ inputs.x }} and ${{ github.action_path }} as the runner substitutes them. */
function expand(text: string, inputs: Record<string, string>): string {
  return text.replace(/\$\{\{\s*([\w.-]+)\s*\}\}/g, (_, name: string) => {
    if (name === 'github.action_path') return ROOT;
    const input = /^inputs\.(.+)$/.exec(name)?.[1];
    if (input === undefined || !(input in action.inputs)) throw new Error(`unknown ${name}`);
    return inputs[input] ?? action.inputs[input]!.default ?? '';
  });
}

/**
 * Runs the composite action's steps in `workspace` as a GitHub runner would (bash, the step's
 * env with inputs substituted, GITHUB_OUTPUT, GITHUB_ENV and GITHUB_STEP_SUMMARY files, the
 * runner's own environment `runnerEnv`), stopping at the first failing step. Returns the last
 * status, what was printed, the outputs, the summary and each step's milliseconds.
 */
export function runActionSteps(
  workspace: string,
  inputs: Record<string, string> = {},
  runnerEnv: Record<string, string> = {},
) {
  const runnerFiles = mkdtempSync(join(tmpdir(), 'petstore-runner-'));
  const outputFile = join(runnerFiles, 'output');
  const summaryFile = join(runnerFiles, 'summary');
  const envFile = join(runnerFiles, 'env');
  writeFileSync(outputFile, '');
  writeFileSync(envFile, '');
  /** Set by earlier steps through GITHUB_ENV, for the steps after them. */
  const stepEnv: Record<string, string> = {};
  const durations: number[] = [];
  let status = 0;
  let stdout = '';
  let stderr = '';
  try {
    for (const step of action.runs.steps) {
      assert.equal(step.shell, 'bash');
      const env: Record<string, string> = {
        ...(process.env as Record<string, string>),
        ...runnerEnv,
        ...stepEnv,
        GITHUB_OUTPUT: outputFile,
        GITHUB_STEP_SUMMARY: summaryFile,
        GITHUB_ENV: envFile,
        RUNNER_TEMP: runnerFiles,
      };
      for (const [name, value] of Object.entries(step.env ?? {})) env[name] = expand(value, inputs);
      const cwd = step['working-directory'] ? expand(step['working-directory'], inputs) : workspace;
      const started = performance.now();
      const result = spawnSync('bash', ['-e', '-c', expand(step.run, inputs)], {
        cwd,
        env,
        encoding: 'utf8',
      });
      durations.push(performance.now() - started);
      stdout += result.stdout;
      stderr += result.stderr;
      for (const line of readFileSync(envFile, 'utf8').split('\n')) {
        const equals = line.indexOf('=');
        if (equals > 0) stepEnv[line.slice(0, equals)] = line.slice(equals + 1);
      }
      status = result.status ?? -1;
      if (status !== 0) break;
    }
    const outputs = Object.fromEntries(
      readFileSync(outputFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split('=', 2) as [string, string]),
    );
    const summary = existsSync(summaryFile) ? readFileSync(summaryFile, 'utf8') : '';
    return { status, stdout, stderr, outputs, summary, durations };
  } finally {
    rmSync(runnerFiles, { recursive: true, force: true });
  }
}

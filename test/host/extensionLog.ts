import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The last lines of the extension's own log (its LogOutputChannel's file in the profile), the
 * test keys masked: printed when a run fails, so a failure seen only in CI explains itself.
 */
export function extensionLogTail(
  profileDir: string,
  extensionId: string,
  secrets: readonly string[],
  lineCount = 80,
): string | undefined {
  const lines = extensionLogLines(profileDir, extensionId, secrets);
  return lines && lines.slice(-lineCount).join('\n');
}

/**
 * The extension's log lines written from `fromMs` to `toMs` (a failed test's run), a line without a
 * timestamp going with the one before it; at most `lineCount`, the first half and the last half.
 */
export function extensionLogBetween(
  profileDir: string,
  extensionId: string,
  secrets: readonly string[],
  fromMs: number,
  toMs: number,
  lineCount = 60,
): string | undefined {
  const lines = extensionLogLines(profileDir, extensionId, secrets);
  if (!lines) return undefined;
  const within: string[] = [];
  let inside = false;
  for (const line of lines) {
    const at = logTime(line);
    if (at !== undefined) inside = at >= fromMs && at <= toMs;
    if (inside) within.push(line);
  }
  if (within.length <= lineCount) return within.join('\n');
  const half = Math.floor(lineCount / 2);
  return [
    ...within.slice(0, half),
    `... (${within.length - 2 * half} lines left out)`,
    ...within.slice(-half),
  ].join('\n');
}

/** A LogOutputChannel line's time ("2026-11-24 17:29:29.719 [info] ..."), local time. */
function logTime(line: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})\.(\d{3}) /.exec(line);
  if (!match) return undefined;
  const [year = 0, month = 1, day, hour, minute, second, ms] = match.slice(1).map(Number);
  return new Date(year, month - 1, day, hour, minute, second, ms).getTime();
}

function extensionLogLines(
  profileDir: string,
  extensionId: string,
  secrets: readonly string[],
): string[] | undefined {
  const logsRoot = join(profileDir, 'logs');
  if (!existsSync(logsRoot)) return undefined;
  const files: string[] = [];
  for (const session of readdirSync(logsRoot))
    for (const host of safeList(join(logsRoot, session)).filter((name) =>
      name.startsWith('exthost'),
    ))
      for (const name of safeList(join(logsRoot, session, host, extensionId)))
        if (name.endsWith('.log')) files.push(join(logsRoot, session, host, extensionId, name));
  if (!files.length) return undefined;
  const text = files
    .sort()
    .map((file) => readFileSync(file, 'utf8'))
    .join('');
  const masked = secrets.reduce(
    (current, secret) => current.split(secret).join('[test key]'),
    text,
  );
  return masked.trimEnd().split('\n');
}

function safeList(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
}

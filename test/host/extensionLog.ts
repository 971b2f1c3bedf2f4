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
  return masked.trimEnd().split('\n').slice(-lineCount).join('\n');
}

function safeList(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
}

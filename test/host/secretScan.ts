import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Every file under the folders (profile, workspace, logs) that contains one of the secrets, as
 * bytes or URL-encoded. Used after the suite: an API key must never be written anywhere.
 */
export function filesContainingSecrets(folders: string[], secrets: string[]): string[] {
  const needles = secrets.flatMap((secret) => [
    Buffer.from(secret),
    Buffer.from(encodeURIComponent(secret)),
  ]);
  const found: string[] = [];
  const visit = (path: string) => {
    let stats;
    try {
      stats = statSync(path);
    } catch {
      return; // vanished (a socket or temporary file)
    }
    if (stats.isDirectory()) {
      for (const name of readdirSync(path)) visit(join(path, name));
    } else if (stats.isFile() && stats.size < 64 * 1024 * 1024) {
      const bytes = readFileSync(path);
      if (needles.some((needle) => bytes.includes(needle))) found.push(path);
    }
  };
  for (const folder of folders) visit(folder);
  return found;
}

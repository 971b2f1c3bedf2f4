import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every regular file below `folder`, as paths joined to it. */
export function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

import { sep } from 'node:path';

/** Whether `path` is one of `folders` or below one of them (absolute, normalised paths). */
export function isInside(path: string, folders: readonly string[]): boolean {
  return folders.some(
    (folder) => path === folder || path.startsWith(folder.endsWith(sep) ? folder : folder + sep),
  );
}

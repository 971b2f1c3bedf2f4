/**
 * `fixes/projectFiles.ts` in the browser build: a rewrite reads no project file there (a .csproj,
 * package.json), as for a text with no file, and decides from the text alone.
 * scripts/webBuild.mjs puts this module in its place; nothing else imports it.
 */
import type { ProjectFiles } from '../deprecations/fixes/projectFiles';

export type { ProjectFiles } from '../deprecations/fixes/projectFiles';

export function projectFilesOf(_path: string): ProjectFiles | undefined {
  return undefined;
}

/**
 * `fixes/generated/workspaceFiles.ts` in the browser build: the rewrite of a generated client's
 * call reads the client's sources and OpenAPI documents beside the file, synchronously from disk,
 * which a browser cannot. There no file is "on disk", so such a call is left for a person with
 * the reason the rewriters give for a text with no file. scripts/webBuild.mjs puts this module in
 * its place; nothing else imports it.
 */
import type { Surroundings } from '../deprecations/fixes/generated/workspaceFiles';

export type { OpenApiDocument, Surroundings } from '../deprecations/fixes/generated/workspaceFiles';

export function surroundingsOf(_path: string): Surroundings | undefined {
  return undefined;
}

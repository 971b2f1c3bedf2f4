/**
 * What the migration of a generated client's call reads around the call's file: the OpenAPI
 * documents nearest to it (the list operation beside GET /pets/{petId}) and the generated client's
 * own sources (which generator wrote them, what their list method takes). Only for a file that is
 * on disk, only inside its repository (the folder holding `.git`, else the file's own folder), and
 * only regular files within a size limit; never written. Listings and readings are kept a few
 * seconds: a `fix` run asks once per call, the language server asks again after an edit.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { realBoundary, staysWithin } from '../../../files/boundary';
import { readRegularText } from '../../../files/regularFile';
import {
  MAX_OPENAPI_BYTES,
  deprecatedOperations,
  mayBeOpenApiFile,
  type DeprecatedOperation,
} from '../../workspace/openApiDocuments';
import { repositoryRoot } from '../../workspace/repositoryRoot';
import { listFiles } from '../../workspace/workspaceWalker';
import { keptAWhile, type Kept } from '../keptAWhile';

/** A generated module is read up to this size (a typescript-axios `api.ts` of a large API: MBs). */
const MAX_SOURCE_BYTES = 8 * 1024 * 1024;
/** Folders looked at above the call's: its own, then up to the repository's root. */
const MAX_LEVELS = 8;

export interface OpenApiDocument {
  path: string;
  /** As a description names it: from the call's folder, '/'-separated. */
  shown: string;
  operations: DeprecatedOperation[];
}

/** The workspace around one file, as the rewrite of a generated client's call reads it. */
export interface Surroundings {
  /** The file's folder (absolute). */
  folder: string;
  /** The OpenAPI documents describing GET /pets/{param}, nearest to the file first. */
  documents(): Iterable<OpenApiDocument>;
  /** A file's text (absolute path) when it is a regular file inside the repository. */
  read(path: string): string | undefined;
}

const listings = new Map<string, Kept<string[]>>();
const texts = new Map<string, Kept<string | undefined>>();
const readings = new Map<string, Kept<Omit<OpenApiDocument, 'shown'> | undefined>>();

/**
 * The surroundings of the file at `path` (relative paths are the working folder's, as the CLI
 * reads them), or undefined when no such file is on disk: a text with no file (a test's, an
 * unsaved editor's) is migrated from what it shows alone.
 */
export function surroundingsOf(path: string): Surroundings | undefined {
  const file = isAbsolute(path) ? path : resolve(path);
  try {
    if (!statSync(file).isFile()) return undefined;
  } catch {
    return undefined;
  }
  const folder = dirname(file);
  const root = repositoryRoot(folder);
  const boundary = realBoundary([root]);
  const read = (target: string): string | undefined =>
    keptAWhile(texts, target, () => {
      if (!existsSync(target) || !staysWithin(target, boundary)) return undefined;
      try {
        return readRegularText(target, { maxBytes: MAX_SOURCE_BYTES });
      } catch {
        return undefined;
      }
    });
  return {
    folder,
    read,
    *documents() {
      const seen = new Set<string>();
      let level = folder;
      for (let steps = 0; steps < MAX_LEVELS; steps++) {
        for (const path of documentsUnder(level, boundary)) {
          if (seen.has(path)) continue;
          seen.add(path);
          const document = keptAWhile(readings, path, () => readDocument(path, read));
          if (document) yield { ...document, shown: relative(folder, path).split(sep).join('/') };
        }
        if (level === root || dirname(level) === level) break;
        level = dirname(level);
      }
    },
  };
}

/** The YAML and JSON files under `folder` (its .gitignore files honoured), nearest first. */
function documentsUnder(folder: string, boundary: readonly string[]): string[] {
  return keptAWhile(listings, folder, () =>
    listFiles([folder], () => undefined, {
      accept: (name) => mayBeOpenApiFile(name),
      gitignore: true,
      confine: boundary,
    })
      .filter((file) => !file.bytes)
      .map((file) => file.path)
      .sort((a, b) => depth(a) - depth(b) || (a < b ? -1 : a > b ? 1 : 0)),
  );
}

function depth(path: string): number {
  return path.split(/[\\/]/).length;
}

function readDocument(
  path: string,
  read: (path: string) => string | undefined,
): Omit<OpenApiDocument, 'shown'> | undefined {
  const text = read(path);
  if (text === undefined || text.length > MAX_OPENAPI_BYTES) return undefined;
  const reading = deprecatedOperations(text);
  if (!reading || 'problem' in reading) return undefined;
  return { path, operations: reading.operations };
}

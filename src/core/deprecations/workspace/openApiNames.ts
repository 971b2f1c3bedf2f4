import { FileRefusedError, readRegularFile, readRegularText } from '../../files/regularFile';
import { listFilesWithRipgrep } from './ripgrepCandidates';
import { listFiles, type ListedFile } from './workspaceWalker';
import { MAX_OPENAPI_BYTES, deprecatedOperationNames, mayBeOpenApiFile } from './openApiDocuments';

export interface OpenApiNames {
  /** The deprecated operation's names in the documents found, each once. */
  names: string[];
  /** Each document that gave names. */
  documents: { path: string; names: string[] }[];
  /** Documents passed over, and why (malformed, too large, an alias bomb, a `$ref` cycle). */
  problems: { path: string; problem: string }[];
}

export interface OpenApiSearch {
  gitignore?: boolean;
  excludes?: readonly string[];
  /** An rg that lists the YAML and JSON files mentioning a path parameter under /pets. */
  ripgrep?: string;
  /** Real paths of the folders nothing is read outside of (default: the roots). */
  confine?: readonly string[];
}

/**
 * The OpenAPI documents under roots that describe GET /pets/{param}, and the names a client
 * generated from them gives it. Only YAML and JSON files that mention `pets/{` are read.
 */
export function findOpenApiNames(
  roots: readonly string[],
  search: OpenApiSearch = {},
): OpenApiNames {
  return openApiNamesIn(listDocuments(roots, search));
}

/** The same, from files already listed (a walk that kept YAML and JSON files: mayBeOpenApiFile). */
export function openApiNamesIn(files: Iterable<ListedFile>): OpenApiNames {
  const result: OpenApiNames = { names: [], documents: [], problems: [] };
  const seen = new Set<string>();
  for (const file of files) {
    const text = readDocument(file);
    if (text === undefined) continue;
    if ('problem' in text) {
      result.problems.push({ path: file.path, problem: text.problem });
      continue;
    }
    const reading = deprecatedOperationNames(text.text);
    if (!reading) continue;
    if ('problem' in reading) {
      result.problems.push({ path: file.path, problem: reading.problem });
      continue;
    }
    result.documents.push({ path: file.path, names: reading.names });
    for (const name of reading.names) {
      if (seen.has(name)) continue;
      seen.add(name);
      result.names.push(name);
    }
  }
  return result;
}

/**
 * Whether a listed YAML or JSON file (a regular file, bounded) mentions a path parameter under
 * /pets (`pets/{`): what a listing of every candidate (files holding "pets") keeps of its possible
 * OpenAPI documents, as the documents' own rg search would.
 */
export function mentionsPetsParameter(file: ListedFile): boolean {
  try {
    return readRegularFile(file.bytes ?? file.path, { maxBytes: MAX_OPENAPI_BYTES }).includes(
      'pets/{',
    );
  } catch (error) {
    // Too large to read: kept, so the document's reader says so in a note.
    return error instanceof FileRefusedError && error.reason === 'tooLarge';
  }
}

/** The names mayBeOpenApiFile accepts, as rg globs. */
const OPENAPI_FILE_GLOBS = ['*.yaml', '*.yml', '*.json'];

function listDocuments(roots: readonly string[], search: OpenApiSearch): ListedFile[] {
  const accept = (name: string) => mayBeOpenApiFile(name);
  if (search.ripgrep) {
    const listing = listFilesWithRipgrep(
      roots,
      {
        rg: search.ripgrep,
        patterns: ['pets/{'],
        fixedStrings: true,
        // Only YAML and JSON files are read: a tree of sources is not searched twice.
        onlyNames: OPENAPI_FILE_GLOBS,
        gitignore: search.gitignore,
        excludes: search.excludes,
        accept,
        confine: search.confine,
      },
      () => undefined,
    );
    if ('files' in listing) return listing.files;
  }
  return listFiles(roots, () => undefined, {
    gitignore: search.gitignore,
    excludes: search.excludes,
    accept,
    confine: search.confine,
  });
}

/** A regular file's text within the size cap; a problem for a larger one; nothing if unreadable. */
function readDocument(file: ListedFile): { text: string } | { problem: string } | undefined {
  try {
    return { text: readRegularText(file.bytes ?? file.path, { maxBytes: MAX_OPENAPI_BYTES }) };
  } catch (error) {
    if (error instanceof FileRefusedError && error.reason === 'tooLarge')
      return { problem: `larger than ${MAX_OPENAPI_BYTES} bytes, not read` };
    return undefined;
  }
}

/**
 * What the OpenAPI documents of a workspace say of GET /pets/{param} (read by the workspace
 * pipeline's pipeline/operationNames.ts), and which listed files may be such documents.
 */
import { FileRefusedError, readRegularFile } from '../../files/regularFile';
import type { ListedFile } from './workspaceWalker';
import { MAX_OPENAPI_BYTES } from './openApiDocuments';

export interface OpenApiNames {
  /** The deprecated operation's names in the documents found, each once. */
  names: string[];
  /** Each document that gave names. */
  documents: { path: string; names: string[] }[];
  /** Documents passed over, and why (malformed, too large, an alias bomb, a `$ref` cycle). */
  problems: { path: string; problem: string }[];
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

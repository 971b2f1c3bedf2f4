/**
 * The pipeline's OpenAPI stage: the names of GET /pets/{param} in the listed OpenAPI documents
 * (read through the port), joined to the configured operation names.
 */
import { DEFAULT_OPERATION_NAMES } from '../recognisers/operationCalls';
import { deprecatedOperationNames } from '../workspace/openApiDocuments';
import type { OpenApiNames } from '../workspace/openApiNames';
import type { ListedFile } from '../workspace/workspaceWalker';
import type { WorkspacePort } from './workspacePort';

/** The deprecated operation's names in the listed documents, each document and problem said. */
export async function openApiNamesOf(
  port: WorkspacePort,
  documents: readonly ListedFile[],
): Promise<OpenApiNames> {
  const result: OpenApiNames = { names: [], documents: [], problems: [] };
  const seen = new Set<string>();
  for (const file of documents) {
    const read = await port.readDocument(file);
    if (read === undefined) continue;
    const reading = 'problem' in read ? read : deprecatedOperationNames(read.text);
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

/** The configured names (or the defaults) and the documents', or the configured alone if none. */
export function withDocumentNames(
  configured: readonly string[] | undefined,
  fromDocuments: readonly string[],
): string[] | undefined {
  if (fromDocuments.length === 0) return configured && [...configured];
  return [...new Set([...(configured ?? DEFAULT_OPERATION_NAMES), ...fromDocuments])];
}

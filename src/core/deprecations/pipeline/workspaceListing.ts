/**
 * The pipeline's first stages: list the workspace once, then take the operation's names from the
 * OpenAPI documents listed with it. A listing made by a search (ripgrep) is completed by one
 * search for the needles the documents' names add; a walked one already holds every file.
 */
import type { OpenApiNames } from '../workspace/openApiNames';
import type { ListedFile, SkipNote } from '../workspace/workspaceWalker';
import { openApiNamesOf, withDocumentNames } from './operationNames';
import type { WorkspaceListing, WorkspacePort } from './workspacePort';

export interface ListingEvents {
  /** A file or folder the listing passed over. */
  skipped: (note: SkipNote) => void;
  /** The OpenAPI documents read (with `openApi`), and the ones passed over. */
  documentsRead: (found: OpenApiNames) => void;
  /** The port's search could not list: every file is walked instead. */
  searchFailed: (problem: string) => void;
}

export interface ListedWorkspace {
  listing: WorkspaceListing;
  /** The operation names to look for: the configured ones and the documents'. */
  names: string[] | undefined;
  /** With `openApi`: what the documents gave. */
  documents?: OpenApiNames;
}

export async function listWorkspace(
  port: WorkspacePort,
  options: { names: readonly string[] | undefined; openApi: boolean },
  /** What every candidate holds, for these operation names (the engine's prefilter needles). */
  needlesOf: (names: string[] | undefined) => string[],
  events: ListingEvents,
): Promise<ListedWorkspace> {
  const configured = options.names && [...options.names];
  const needles = needlesOf(configured);
  let listing = await port.list({ words: needles, documents: options.openApi });
  const walkedFirst = listing.listedBy === 'walk' && listing.problem === undefined;
  // A walk's notes come as it went, before the documents are read; a search's after them.
  if (walkedFirst) listing.notes.forEach(events.skipped);
  const documents = options.openApi ? await openApiNamesOf(port, listing.documents) : undefined;
  if (documents) events.documentsRead(documents);
  const names = documents ? withDocumentNames(configured, documents.names) : configured;
  if (listing.problem !== undefined) events.searchFailed(listing.problem);
  if (walkedFirst) return { listing, names, documents };
  if (listing.listedBy === 'search') {
    // The documents' names added needles: only those are searched for.
    const more = needlesOf(names).filter((needle) => !needles.includes(needle));
    const extra = more.length ? await port.search(more) : { files: [], notes: [] };
    if ('problem' in extra) {
      events.searchFailed(extra.problem);
      listing = await port.list({ words: needles, documents: false, walk: true });
    } else if (extra.files.length || extra.notes.length)
      listing = {
        ...listing,
        files: mergedByPath(listing.files, extra.files),
        notes: [...listing.notes, ...extra.notes],
      };
  }
  listing.notes.forEach(events.skipped);
  return { listing, names, documents };
}

/** The files of both listings, each once, by path. */
function mergedByPath(first: readonly ListedFile[], second: readonly ListedFile[]): ListedFile[] {
  const listed = new Set(first.map((file) => file.path));
  const files = [...first, ...second.filter((file) => !listed.has(file.path))];
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

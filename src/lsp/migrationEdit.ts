/**
 * The migration as the editor applies it: one WorkspaceEdit for one fix point (the quick fix) or for
 * every request of the workspace ("Migrate All Deprecated Calls…"), each file's edits tied to the
 * document version they were computed on (VS Code refuses a document edited since), created
 * helper files as resource operations, and change annotations that need confirmation — so VS Code
 * shows its refactor preview, grouped by owner or folder, before anything changes.
 */
import type {
  AnnotatedTextEdit,
  ChangeAnnotation,
  CreateFile,
  TextDocumentEdit,
  WorkspaceEdit,
} from 'vscode-languageserver';
import { dirname, isAbsolute, join } from 'node:path';
import type { DeprecationEngine, Finding, Position } from '../core/deprecations/engine';
import { isRequest, migrateText } from '../core/deprecations/fixes/migrateText';
import { REACH } from '../core/deprecations/fixes/replacement';
import { OffsetIndex } from '../core/deprecations/fixes/sourceEdit';
import type { LanguageSupport } from '../core/deprecations/lexers/languages';

/** A file as the workspace holds it now: an open document (with its version) or the saved file. */
export interface WorkspaceText {
  text: string;
  language: LanguageSupport;
  /** The open document's version; undefined for a file read from disk. */
  version?: number;
}

export interface MigrationEditResult {
  edit: WorkspaceEdit;
  /** Requests rewritten, and files changed. */
  fixed: number;
  files: number;
  /** Requests left for a person, with why. */
  manual: { uri: string; line: number; reason: string }[];
}

export interface MigrationInput {
  /** Files to migrate, each with the positions of its requests to rewrite (all when undefined). */
  files: { path: string; at?: readonly Position[] }[];
  read: (path: string) => Promise<WorkspaceText | undefined>;
  engine: DeprecationEngine;
  /** The URI of a file's path, as the editor names it. */
  uriOf: (path: string) => string;
  /** Which group a file's change falls in, in the preview (its owner, or its folder). */
  groupOf: (path: string) => string;
  /** Whether a file is there already (a helper of its own is then not created again). */
  exists: (path: string) => Promise<boolean>;
  /** Reads the modules a file imports by relative specifiers (relativeModules), if it can. */
  modules?: (path: string) => (specifier: string) => string | undefined;
  /** A file's findings as the workspace's own definitions decide them (ownDefinitions). */
  decided: (findings: readonly Finding[], family: string, path: string) => Finding[];
}

export async function migrationEdit(input: MigrationInput): Promise<MigrationEditResult> {
  const documentChanges: (TextDocumentEdit | CreateFile)[] = [];
  const changeAnnotations: Record<string, ChangeAnnotation> = {};
  const result: MigrationEditResult = { edit: {}, fixed: 0, files: 0, manual: [] };
  const creating = new Set<string>();
  for (const { path, at } of input.files) {
    const file = await input.read(path);
    if (!file) continue;
    const uri = input.uriOf(path);
    const wanted = at && new Set(at.map((position) => `${position.line}:${position.character}`));
    const requests = input
      .decided(input.engine.scan(file.text, file.language), file.language.family, path)
      .filter(
        (finding: Finding) =>
          isRequest(finding) &&
          finding.confidence !== 'possible' &&
          (!wanted || wanted.has(`${finding.start.line}:${finding.start.character}`)),
      );
    if (requests.length === 0) continue;
    const migrated = migrateText(
      {
        path,
        text: file.text,
        language: file.language,
        ...(input.modules ? { moduleText: input.modules(path) } : {}),
      },
      requests,
    );
    for (const left of migrated.manual)
      result.manual.push({ uri, line: left.finding.start.line + 1, reason: left.reason });
    if (migrated.edits.length === 0) continue;
    const group = input.groupOf(path);
    const annotation = `petstore.migrate:${group}`;
    changeAnnotations[annotation] ??= {
      label: `Migrate to GET /pets with a status filter: ${group}`,
      description: REACH,
      needsConfirmation: true,
    };
    const offsets = new OffsetIndex(file.text);
    const edits: AnnotatedTextEdit[] = migrated.edits.map((edit) => ({
      range: { start: offsets.position(edit.start), end: offsets.position(edit.end) },
      newText: edit.newText,
      annotationId: annotation,
    }));
    documentChanges.push({
      textDocument: { uri, version: file.version ?? null },
      edits,
    });
    for (const created of migrated.created) {
      const createdPath = isAbsolute(created.path)
        ? created.path
        : join(dirname(path), created.path);
      // One helper file per package, however many of its files are migrated.
      if (creating.has(createdPath) || (await input.exists(createdPath))) continue;
      creating.add(createdPath);
      const createdUri = input.uriOf(createdPath);
      documentChanges.push(
        {
          kind: 'create',
          uri: createdUri,
          options: { ignoreIfExists: true },
          annotationId: annotation,
        },
        {
          textDocument: { uri: createdUri, version: null },
          edits: [
            {
              range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
              newText: created.text,
              annotationId: annotation,
            },
          ],
        },
      );
    }
    result.fixed += migrated.fixed.length;
    result.files++;
  }
  result.edit = documentChanges.length ? { documentChanges, changeAnnotations } : {};
  return result;
}

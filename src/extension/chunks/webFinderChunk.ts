/**
 * The browser's finder (dist/web/finder.js): the workspace pipeline over the editor's port, and
 * the findings as the language server words them. A bundle of its own, loaded on the first scan
 * (loadWebChunk.ts), so the browser's main bundle stays within its budget. Core only: no vscode.
 */
export { findingDiagnostic } from '../../core/deprecations/findingDiagnostic';
export { languageOfPath } from '../../core/deprecations/lexers/languages';
export {
  DEFAULT_EDITOR_LIMITS,
  EditorWorkspacePort,
} from '../../core/deprecations/pipeline/editorWorkspacePort';
export { scanWorkspace } from '../../core/deprecations/pipeline/workspacePipeline';

/** Requests between the extension and the deprecation language server beyond LSP itself. */
export const SCAN_WORKSPACE_REQUEST = 'petstore/scanWorkspace';
/** The workspace's burn-down and forecast from its git history (a WorkspaceForecast). */
export const FORECAST_REQUEST = 'petstore/forecast';
/**
 * Every request of the workspace migrated to GET /pets with a status filter: a WorkspaceEdit with
 * change annotations that need confirmation (the editor previews it), and what was left and why.
 */
export const MIGRATION_EDIT_REQUEST = 'petstore/migrationEdit';
/**
 * The workspace's files, asked of the client by a server that has no disk (the browser's): every
 * file the editor lists (`{ exclude }` glob patterns left out) by its URI's path, a file's size
 * (null when it is not a file), a file's bytes. A failure answers with an error.
 */
export const LIST_FILES_REQUEST = 'petstore/files/list';
export const STAT_FILE_REQUEST = 'petstore/files/stat';
export const READ_FILE_REQUEST = 'petstore/files/read';
/** After a workspace scan bounded by the browser's budget: what the bounds left out (a ScanBudget). */
export const SCAN_BUDGET_NOTIFICATION = 'petstore/scanBudget';

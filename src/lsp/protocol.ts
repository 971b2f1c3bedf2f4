/** Requests between the extension and the deprecation language server beyond LSP itself. */
export const SCAN_WORKSPACE_REQUEST = 'petstore/scanWorkspace';
/** The workspace's burn-down and forecast from its git history (a WorkspaceForecast). */
export const FORECAST_REQUEST = 'petstore/forecast';
/**
 * Every request of the workspace migrated to GET /pets with a status filter: a WorkspaceEdit with
 * change annotations that need confirmation (the editor previews it), and what was left and why.
 */
export const MIGRATION_EDIT_REQUEST = 'petstore/migrationEdit';

/** Requests between the extension and the deprecation language server beyond LSP itself. */
export const SCAN_WORKSPACE_REQUEST = 'petstore/scanWorkspace';
/** The workspace's burn-down and forecast from its git history (a WorkspaceForecast). */
export const FORECAST_REQUEST = 'petstore/forecast';

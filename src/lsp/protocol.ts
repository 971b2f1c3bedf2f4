/** Requests between the extension and the deprecation language server beyond LSP itself. */
export const SCAN_WORKSPACE_REQUEST = 'petstore/scanWorkspace';

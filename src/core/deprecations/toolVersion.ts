/** What the reports and SARIF name as the tool's version (package.json's). */
export const TOOL_VERSION = '0.1.0';

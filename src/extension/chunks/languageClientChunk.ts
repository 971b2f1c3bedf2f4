/**
 * The language client chunk (dist/extension/languageClient.js): vscode-languageclient and its
 * protocol, loaded just after activation returns (scripts/build.mjs bundles it apart).
 */
export { createDeprecationsClient } from '../deprecations/deprecationsClient';

/**
 * The browser's language client of the finder (dist/web/languageClient.js): vscode-languageclient
 * and what answers the server's requests for files. A bundle of its own, loaded by the finder's
 * (webFinderFeature.ts), which starts it with the server's bundle (dist/web/server.js).
 */
export { startWebDeprecationsClient } from '../deprecations/webFinder/webLanguageClient';

/**
 * The browser's language server as a chunk the extension host loads (dist/web/server.js, by
 * src/extension/chunks/loadWebChunk.ts) and runs beside the language client, over a MessageChannel:
 * where the extension host cannot start a Worker (code-server's web extension host), and in the tests.
 */
export { startBrowserServer } from './browserServer';

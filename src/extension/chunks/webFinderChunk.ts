/**
 * The browser's finder (dist/web/finder.js): the language client of the finder's server (which is
 * dist/web/server.js), the Deprecated Calls view, its report, the migration. A bundle of its own,
 * loaded once the browser's extension has started (loadWebChunk.ts), so the main bundle stays
 * within its budget.
 */
export { activateWebFinder } from '../deprecations/webFinder/webFinderFeature';

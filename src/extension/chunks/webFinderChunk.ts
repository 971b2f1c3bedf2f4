/**
 * The browser's finder (dist/web/finder.js): the workspace pipeline over the editor's files, its
 * diagnostics, the Deprecated Calls view and its report. A bundle of its own, loaded once the
 * browser's extension has started (loadWebChunk.ts), so the main bundle stays within its budget.
 */
export { activateWebFinder } from '../deprecations/webFinder/webFinderFeature';

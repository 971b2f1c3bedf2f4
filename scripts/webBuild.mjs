// The browser build's esbuild options, shared by scripts/build.mjs and the bundle's unit test.
import { builtinModules } from 'node:module';

/**
 * The browser build (package.json "browser"): VS Code's web worker extension host on vscode.dev
 * and github.dev. One minified bundle, no Node globals and no Node module: an import of a Node
 * built-in fails the build, naming the file that imports it.
 */
export const WEB_BUNDLE = 'dist/web/extension.js';
export const WEB_BUDGET_BYTES = 600 * 1024;
/** The finder's bundle, loaded on the first scan (src/extension/chunks/loadWebChunk.ts). */
export const WEB_FINDER_BUNDLE = 'dist/web/finder.js';
export const WEB_FINDER_BUDGET_BYTES = 400 * 1024;
const nodeBuiltins = new Set(builtinModules);

/** True for `fs`, `node:fs`, `fs/promises`, `node:sqlite`: a module only Node has. */
export function isNodeBuiltin(path) {
  if (path.startsWith('node:')) return true;
  return nodeBuiltins.has(path) || nodeBuiltins.has(path.split('/')[0]);
}

/** Fails the build on any import of a Node built-in, naming the importer (no silent shim). */
export const noNodeBuiltins = {
  name: 'no-node-builtins',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) =>
      isNodeBuiltin(args.path)
        ? {
            errors: [
              {
                text: `the browser build imports the Node module "${args.path}" (from ${args.importer}): keep it out of the web entry's imports`,
              },
            ],
          }
        : undefined,
    );
  },
};

/** esbuild's options for the browser bundle (dist/web/extension.js). */
export function webBuildOptions() {
  return {
    entryPoints: [{ in: 'src/extension/webExtension.ts', out: 'web/extension' }],
    outdir: 'dist',
    bundle: true,
    platform: 'browser',
    target: 'es2022',
    format: 'cjs',
    mainFields: ['browser', 'module', 'main'],
    external: ['vscode'],
    minify: true,
    sourcemap: true,
    logLevel: 'warning',
    // No `process` or `Buffer` in a web worker: a reference to one is an error at run time, so the
    // only one allowed is the build's constant.
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [noNodeBuiltins],
  };
}

/**
 * The two Node modules the finder's core imports, given their browser halves by name: `node:path`
 * its POSIX half (the browser's paths are a URI's), `node:crypto` a stub (fingerprints are never
 * asked for there). Only the finder's bundle has it; any other Node import still fails.
 */
const BROWSER_HALVES = {
  'node:path': 'src/core/browser/posixPath.ts',
  'node:crypto': 'src/core/browser/noCrypto.ts',
};
export const browserHalves = {
  name: 'browser-halves',
  setup(build) {
    build.onResolve({ filter: /^node:(path|crypto)$/ }, (args) => ({
      path: new URL(`../${BROWSER_HALVES[args.path]}`, import.meta.url).pathname,
    }));
  },
};

/**
 * esbuild's options for the browser's finder (dist/web/finder.js): loaded by the main bundle
 * (src/extension/chunks/loadWebChunk.ts), which hands it `vscode`.
 */
export function webFinderBuildOptions() {
  return {
    ...webBuildOptions(),
    entryPoints: [{ in: 'src/extension/chunks/webFinderChunk.ts', out: 'web/finder' }],
    plugins: [browserHalves, noNodeBuiltins],
  };
}

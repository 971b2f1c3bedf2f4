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
/**
 * The finder's language server (src/lsp, built for the browser), loaded by the finder's bundle
 * and run in the extension host: the engine, the rewriters and vscode-languageserver. It grows
 * with the libraries the migration rewrites (their helpers' code is most of the rewriters'
 * 240 KB), and is loaded after activation, on the first scan.
 */
export const WEB_SERVER_BUNDLE = 'dist/web/server.js';
export const WEB_SERVER_BUDGET_BYTES = 800 * 1024;
/** The finder's language client (vscode-languageclient), loaded by the finder's bundle. */
export const WEB_CLIENT_BUNDLE = 'dist/web/languageClient.js';
export const WEB_CLIENT_BUDGET_BYTES = 450 * 1024;
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
 * The language server's third: the generated clients' rewriters read the client's sources beside
 * a file from disk (fixes/generated/workspaceFiles.ts); in the browser they find none
 * (src/core/browser/noSurroundings.ts), and leave such calls for a person, saying why. Other
 * rewriters' disk reads have their browser halves too (src/core/browser/no*.ts).
 */
export const noDiskSurroundings = {
  name: 'no-disk-surroundings',
  setup(build) {
    build.onResolve({ filter: /^\.\/workspaceFiles$/ }, (args) =>
      args.importer.includes('/fixes/generated/')
        ? { path: new URL('../src/core/browser/noSurroundings.ts', import.meta.url).pathname }
        : undefined,
    );
    // The C# and axios rewrites read the project's files (a .csproj, package.json) from disk.
    build.onResolve({ filter: /^\.\.?\/projectFiles$/ }, (args) =>
      args.importer.includes('/fixes/')
        ? { path: new URL('../src/core/browser/noProjectFiles.ts', import.meta.url).pathname }
        : undefined,
    );
    // The Feign rewrite searches the repository for what sets a 404's answer; the browser cannot.
    build.onResolve({ filter: /^\.\/feignSettings$/ }, (args) =>
      args.importer.includes('/fixes/java/')
        ? { path: new URL('../src/core/browser/noFeignSettings.ts', import.meta.url).pathname }
        : undefined,
    );
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

/**
 * esbuild's options for the browser's language server (dist/web/server.js): loaded by the finder's
 * bundle and run in the extension host over a MessageChannel. It never imports `vscode`.
 */
export function webServerBuildOptions() {
  return {
    ...webBuildOptions(),
    entryPoints: [{ in: 'src/lsp/browser/serverChunk.ts', out: 'web/server' }],
    external: [],
    plugins: [browserHalves, noDiskSurroundings, noNodeBuiltins],
  };
}

/** esbuild's options for the browser's language client (dist/web/languageClient.js). */
export function webClientBuildOptions() {
  return {
    ...webBuildOptions(),
    entryPoints: [{ in: 'src/extension/chunks/webClientChunk.ts', out: 'web/languageClient' }],
    plugins: [browserHalves, noNodeBuiltins],
  };
}

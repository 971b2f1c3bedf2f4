// Builds the npm package `petstore-deprecations` (the finder's CLI, the local server and the MCP
// server) into build/cli-package/: minified bundles with no runtime dependency, the spec the MCP
// server serves, its own package.json, README and licence. `--pack` also writes the tarball.
import * as esbuild from 'esbuild';
import { execFileSync } from 'node:child_process';
import { chmod, copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

const OUT = 'build/cli-package';
const root = JSON.parse(await readFile('package.json', 'utf8'));

const bins = {
  'petstore-deprecations': 'src/cli/petstoreDeprecations.ts',
  'petstore-server': 'src/cli/petstoreServer.ts',
  'petstore-mcp': 'src/cli/petstoreMcp.ts',
  // The finder's language server, for editors other than VS Code (over stdio).
  'petstore-language-server': 'src/lsp/main.ts',
};

await rm(OUT, { recursive: true, force: true });
await esbuild.build({
  entryPoints: [
    ...Object.entries(bins).map(([name, source]) => ({ in: source, out: `cli/${name}` })),
    // The scan threads, beside the CLI (src/cli/deprecations/scanPool.ts finds them there).
    { in: 'src/cli/scanWorker.ts', out: 'cli/scan-worker' },
  ],
  outdir: join(OUT, 'dist'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
});
for (const name of Object.keys(bins)) await chmod(join(OUT, 'dist/cli', `${name}.js`), 0o755);

const copies = [
  // petstore-mcp serves the interface's text (src/cli/petstoreMcp.ts reads it from ../../docs/spec).
  ['docs/spec/pet-store-interface.md', 'docs/spec/pet-store-interface.md'],
  ['packaging/cli/README.md', 'README.md'],
  ['LICENSE', 'LICENSE'],
];
for (const [from, to] of copies) {
  await mkdir(dirname(join(OUT, to)), { recursive: true });
  await copyFile(from, join(OUT, to));
}

const manifest = {
  name: 'petstore-deprecations',
  version: root.version,
  description:
    'Find every call to the deprecated GET /pets/{petId} before its removal on 5 December 2030: a CI command (SARIF, baselines, reports, history), the local Pet Store server with removal rehearsals, and an MCP server.',
  license: root.license,
  keywords: ['pet-store', 'deprecation', 'sarif', 'static-analysis', 'mcp', 'ci'],
  bin: Object.fromEntries(Object.keys(bins).map((name) => [name, `dist/cli/${name}.js`])),
  files: ['dist', 'docs', 'README.md', 'LICENSE'],
  engines: { node: root.engines.node },
};
await writeFile(join(OUT, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);

if (process.argv.includes('--pack')) {
  const output = execFileSync('npm', ['pack', '--json', '--pack-destination', '..'], {
    cwd: OUT,
    encoding: 'utf8',
  });
  const [packed] = JSON.parse(output);
  console.log(
    `build/${packed.filename}: ${packed.entryCount} files, ${(packed.size / 1e6).toFixed(2)} MB packed, ${(packed.unpackedSize / 1e6).toFixed(2)} MB unpacked`,
  );
} else console.log(`${OUT}: petstore-deprecations ${root.version}`);

// Builds dist/ after `npm ci` or `npm install` in a checkout (src/ is there), and does nothing
// where the package is installed from its tarball (dist/ comes built; src/ is not shipped).
// Not a `prepare` script: npm prints a lifecycle banner on stdout during `npm pack`, and
// pre-commit reads that stdout as the tarball's name.
const { existsSync } = require('node:fs');
const { join } = require('node:path');
const { spawnSync } = require('node:child_process');

const root = join(__dirname, '..');
if (existsSync(join(root, 'src')) && existsSync(join(root, 'scripts/build.mjs'))) {
  const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  process.exitCode = build.status ?? 1;
}

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Debian packages the editor host needs: a browser to drive, and Kerberos headers for code-server's native build. */
const REQUIRED = [
  { name: 'chromium', present: () => existsSync('/usr/bin/chromium') },
  // The request snippets are tested by running them (curl, HTTPie, Debian's Python with requests).
  { name: 'curl', present: () => existsSync('/usr/bin/curl') },
  { name: 'httpie', present: () => existsSync('/usr/bin/http') },
  {
    name: 'python3-requests',
    present: () =>
      spawnSync('/usr/bin/python3', ['-c', 'import requests'], { stdio: 'ignore' }).status === 0,
  },
  // The replacement's shell example is run as written: curl piped to jq.
  { name: 'jq', present: () => existsSync('/usr/bin/jq') },
  // The network tests make a throwaway certificate authority with openssl.
  { name: 'openssl', present: () => existsSync('/usr/bin/openssl') },
  // The finder's ripgrep path is tested against Debian's rg (the editor's own comes later).
  { name: 'ripgrep', present: () => existsSync('/usr/bin/rg') },
  // The pre-commit hook is tested with the real tool.
  { name: 'pre-commit', present: () => existsSync('/usr/bin/pre-commit') },
  {
    name: 'libkrb5-dev',
    present: () => spawnSync('dpkg', ['-s', 'libkrb5-dev'], { stdio: 'ignore' }).status === 0,
  },
];

/** Installs what is missing with apt-get (as root), or says exactly what to install. */
export function ensureSystemPackages(log: (line: string) => void, only?: readonly string[]): void {
  const wanted = REQUIRED.filter((pkg) => !only || only.includes(pkg.name));
  const missing = wanted.filter((pkg) => !pkg.present()).map((pkg) => pkg.name);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `Missing Debian packages: ${missing.join(' ')}. Install them: sudo apt-get install -y ${missing.join(' ')}`,
    );
  }
  log(`Installing Debian packages: ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
    stdio: 'inherit',
    env,
  });
}

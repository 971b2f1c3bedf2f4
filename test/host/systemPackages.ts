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
  // The migrated Python programs run with Debian's Python and its httpx (test/fixtures/migration).
  {
    name: 'python3-httpx',
    present: () =>
      spawnSync('/usr/bin/python3', ['-c', 'import httpx'], { stdio: 'ignore' }).status === 0,
  },
  {
    name: 'python3-aiohttp',
    present: () =>
      spawnSync('/usr/bin/python3', ['-c', 'import aiohttp'], { stdio: 'ignore' }).status === 0,
  },
  // The migrated shell scripts' helper, and the replacement's shell example, read lists with jq.
  { name: 'jq', present: () => existsSync('/usr/bin/jq') },
  // The migrated PHP and Ruby programs run on Debian's interpreters and libraries (Guzzle, Faraday).
  { name: 'php-cli', present: () => existsSync('/usr/bin/php') },
  {
    name: 'php-curl',
    present: () =>
      existsSync('/usr/bin/php') &&
      spawnSync('/usr/bin/php', ['-r', 'exit(extension_loaded("curl") ? 0 : 1);'], {
        stdio: 'ignore',
      }).status === 0,
  },
  {
    name: 'php-guzzlehttp-guzzle',
    present: () => existsSync('/usr/share/php/GuzzleHttp/autoload.php'),
  },
  { name: 'ruby', present: () => existsSync('/usr/bin/ruby') },
  {
    name: 'ruby-faraday',
    present: () =>
      existsSync('/usr/bin/ruby') &&
      spawnSync('/usr/bin/ruby', ['-e', 'require "faraday"'], { stdio: 'ignore' }).status === 0,
  },
  // The migration suite runs its Go and Java client programs (go vet, javac) before and after fix.
  { name: 'golang-go', present: () => existsSync('/usr/bin/go') },
  { name: 'default-jdk-headless', present: () => existsSync('/usr/bin/javac') },
  // The Kotlin Retrofit rewrites are compiled with Debian's kotlinc, OkHttp and Okio.
  { name: 'kotlin', present: () => existsSync('/usr/bin/kotlinc') },
  { name: 'libokhttp-java', present: () => existsSync('/usr/share/java/okhttp.jar') },
  { name: 'libokio-java', present: () => existsSync('/usr/share/java/okio.jar') },
  // The Feign rewrites are compiled against Debian's Spring web and Lombok.
  { name: 'libspring-web-java', present: () => existsSync('/usr/share/java/spring3-web.jar') },
  { name: 'liblombok-java', present: () => existsSync('/usr/share/java/lombok.jar') },
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

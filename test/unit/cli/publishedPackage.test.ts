import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { parse } from 'yaml';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ensureSystemPackages } from '../../host/systemPackages';
import { runActionSteps } from '../../support/githubAction';
import { GitRepository } from '../../support/gitRepository';
import { call } from '../../support/http';
import { freePort, startLocalRegistry, type LocalRegistry } from '../../support/localRegistry';
import { runNodeToExit, runToExit } from '../../support/runToExit';
import { startServerProcess } from '../../support/serverProcess';

const ROOT = resolve(__dirname, '../../..');
const PACKAGE = join(ROOT, 'build/cli-package');
const VERSION = (
  JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }
).version;
const SPEC = `petstore-deprecations@${VERSION}`;
const CALL = 'export const one = (id: string) => fetch(`${BASE}/pets/${id}`);\n';

/** Seconds since `started`, for the figures the run prints (never asserted). */
const seconds = (started: number) => ((performance.now() - started) / 1000).toFixed(1);

describe('the npm package petstore-deprecations, published to a registry and installed as users do', function () {
  this.timeout(300_000);
  let registry: LocalRegistry;
  let scratch: string;

  before(async () => {
    const built = await runNodeToExit([join(ROOT, 'scripts/buildCliPackage.mjs')], ROOT);
    assert.equal(built.code, 0, built.output);
    registry = await startLocalRegistry();
    scratch = mkdtempSync(join(tmpdir(), 'petstore-package-'));
    const published = await registry.npm(['publish', PACKAGE], scratch);
    assert.equal(published.code, 0, published.output);
  });
  after(async () => {
    await registry?.stop();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('is small, self-contained and runs nothing at install', async () => {
    const manifest = JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    assert.equal(manifest.version, VERSION);
    assert.equal(manifest.dependencies, undefined);
    assert.equal(manifest.scripts, undefined, 'no install script of any kind');
    assert.deepEqual(Object.keys(manifest.bin as object).sort(), [
      'petstore-deprecations',
      'petstore-language-server',
      'petstore-mcp',
      'petstore-server',
    ]);
    // What npm itself counts in the tarball the registry serves.
    const packed = await registry.npm(['pack', SPEC, '--dry-run', '--json'], scratch);
    assert.equal(packed.code, 0, packed.output);
    const [{ unpackedSize: unpacked, size }] = JSON.parse(packed.stdout) as [
      { unpackedSize: number; size: number },
    ];
    console.log(`      tarball: ${(size / 1e6).toFixed(2)} MB`);
    console.log(`      unpacked size: ${(unpacked / 1e6).toFixed(2)} MB (budget 5 MB)`);
    assert.ok(unpacked <= 5_000_000, `${unpacked} bytes`);
  });

  it('runs with npx in an empty folder: --version, and a scan that finds the call', async () => {
    const project = join(scratch, 'npx-project');
    mkdirSync(join(project, 'src'), { recursive: true });
    writeFileSync(join(project, 'src/client.ts'), CALL);
    const started = performance.now();
    const version = await runToExit(
      'npx',
      ['--yes', SPEC, '--version'],
      project,
      { ...process.env, ...registry.env },
      180_000,
    );
    console.log(`      npx install and first run: ${seconds(started)} s (goal ≤ 10 s)`);
    assert.equal(version.code, 0, version.output);
    assert.equal(version.stdout.trim(), VERSION);
    const scan = await runToExit(
      'npx',
      ['--yes', SPEC, 'scan'],
      project,
      { ...process.env, ...registry.env },
      180_000,
    );
    assert.equal(scan.code, 1, scan.output);
    assert.match(
      scan.stdout,
      /^src\/client\.ts:1:\d+: warning: Use GET \/pets with a status filter instead of .*GET \/pets\/\{petId\}/m,
    );
  });

  it('installs globally with --prefix: the server answers, the language server initializes, the MCP server lists its tools', async () => {
    const prefix = join(scratch, 'global');
    const started = performance.now();
    const installed = await registry.npm(
      ['install', '--global', '--prefix', prefix, SPEC],
      scratch,
    );
    console.log(`      npm i -g --prefix: ${seconds(started)} s`);
    assert.equal(installed.code, 0, installed.output);
    const bin = (name: string) => join(prefix, 'bin', name);
    const version = await runToExit(bin('petstore-deprecations'), ['--version'], scratch);
    assert.equal(version.stdout.trim(), VERSION, version.output);

    const server = await startServerProcess(['--api-key', 'package-key', '--seed', '--quiet'], {
      bin: bin('petstore-server'),
    });
    try {
      const listed = await call(server.baseUrl, 'GET', '/pets?limit=3', { key: 'package-key' });
      assert.equal(listed.status, 200);
      assert.equal((listed.json as unknown[]).length, 3);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }

    // The language server answers an editor's initialize over stdio.
    const initialize = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { processId: null, rootUri: null, capabilities: {} },
    });
    const lsp = spawn(bin('petstore-language-server'), ['--stdio'], {
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    try {
      const answered = new Promise<string>((resolveAnswer) => {
        let text = '';
        lsp.stdout.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8');
          if (text.includes('"serverInfo"')) resolveAnswer(text);
        });
      });
      lsp.stdin.write(`Content-Length: ${Buffer.byteLength(initialize)}\r\n\r\n${initialize}`);
      assert.match(
        await answered,
        new RegExp(
          `"serverInfo":\\{"name":"petstore-deprecations","version":"${VERSION.replace(/\./g, '\\.')}"`,
        ),
      );
    } finally {
      lsp.kill();
    }

    const client = new Client({ name: 'package-test', version: '1' });
    await client.connect(
      new StdioClientTransport({ command: bin('petstore-mcp'), args: [], stderr: 'pipe' }),
    );
    try {
      const { tools } = await client.listTools();
      assert.ok(
        tools.some((tool) => tool.name === 'findDeprecatedCalls'),
        JSON.stringify(tools),
      );
      // The spec it serves came with the package.
      const { resources } = await client.listResources();
      const spec = await client.readResource({ uri: resources[0]!.uri });
      assert.match(JSON.stringify(spec.contents), /Pet Store/);
    } finally {
      await client.close();
    }
  });

  it('the GitHub Action installs the package of its own version from the registry, and scans with it', () => {
    const repo = join(scratch, 'action-repo');
    mkdirSync(join(repo, 'src'), { recursive: true });
    writeFileSync(join(repo, 'src/client.ts'), CALL);
    const run = runActionSteps(repo, { sarif: 'scan.sarif' }, registry.env);
    console.log(
      `      the Action's setup (install step): ${(run.durations[0]! / 1000).toFixed(1)} s (goal ≤ 15 s)`,
    );
    assert.equal(run.status, 1, run.stdout + run.stderr);
    assert.match(
      run.stdout,
      new RegExp(`petstore-deprecations ${VERSION.replace(/\./g, '\\.')} installed`),
    );
    assert.equal(run.outputs.calls, '1');
    assert.match(run.stdout, /^::warning file=src\/client\.ts,line=1/m);
  });

  it('the GitLab template runs the package it names (this version) on a repository without CODEOWNERS', async () => {
    const template = parse(
      readFileSync(join(ROOT, 'ci/gitlab/petstore-deprecations.gitlab-ci.yml'), 'utf8'),
    ) as { variables: Record<string, string>; 'petstore-deprecations': { script: string[] } };
    assert.equal(template.variables.PETSTORE_PACKAGE, SPEC);
    const repo = join(scratch, 'gitlab-repo');
    mkdirSync(join(repo, 'src'), { recursive: true });
    writeFileSync(join(repo, 'src/client.ts'), CALL);
    const job = await runToExit(
      'bash',
      ['-e', '-c', template['petstore-deprecations'].script.join('\n')],
      repo,
      { ...process.env, ...registry.env, ...template.variables },
      180_000,
    );
    assert.equal(job.code, 1, job.output);
    const report = JSON.parse(readFileSync(join(repo, 'gl-code-quality-report.json'), 'utf8')) as {
      location: { path: string };
    }[];
    assert.deepEqual(
      report.map((issue) => issue.location.path),
      ['src/client.ts'],
    );
  });

  it('pre-commit (the real tool) refuses a commit that adds a call, and lets a clean one through', async () => {
    ensureSystemPackages((line) => console.log(line), ['pre-commit']);
    // The hook repository as pre-commit clones it: the hooks file, its script, the version.
    const hooks = new GitRepository();
    hooks
      .write('.pre-commit-hooks.yaml', readFileSync(join(ROOT, '.pre-commit-hooks.yaml'), 'utf8'))
      .write(
        'scripts/pre-commit-scan.sh',
        readFileSync(join(ROOT, 'scripts/pre-commit-scan.sh'), 'utf8'),
      )
      .write('package.json', JSON.stringify({ name: 'hooks', version: VERSION }));
    chmodSync(join(hooks.root, 'scripts/pre-commit-scan.sh'), 0o755);
    hooks.commit('2026-11-01');
    const rev = hooks.git('rev-parse', 'HEAD').trim();
    // A project with no commit yet, and files whose names have a space and a newline.
    const project = new GitRepository();
    const env = {
      ...process.env,
      ...registry.env,
      PRE_COMMIT_HOME: join(scratch, 'pre-commit-home'),
    };
    const run = (command: string, args: string[]) =>
      runToExit(command, args, project.root, env, 180_000);
    try {
      project.write(
        '.pre-commit-config.yaml',
        `repos:\n  - repo: ${hooks.root}\n    rev: ${rev}\n    hooks: [{ id: petstore-deprecations }]\n`,
      );
      const installed = await run('pre-commit', ['install']);
      assert.equal(installed.code, 0, installed.output);
      project
        .write('src/with space.ts', CALL)
        .write('src/new\nline.py', 'pets = api.list_pets()\n');
      project.git('add', '-A');
      const refused = await run('git', ['commit', '-m', 'adds a call']);
      assert.notEqual(refused.code, 0, refused.output);
      assert.match(
        refused.output,
        /src\/with space\.ts:1:\d+: warning: Use GET \/pets with a status filter instead of .*GET \/pets\/\{petId\}/,
      );
      assert.throws(() => project.git('rev-parse', 'HEAD'), 'nothing was committed');

      project.remove('src/with space.ts');
      project.git('add', '-A');
      const passed = await run('git', ['commit', '-m', 'clean']);
      assert.equal(passed.code, 0, passed.output);
      assert.match(passed.output, /Deprecated GET \/pets\/\{petId\} \(getPet\) calls\.+Passed/);
    } finally {
      project.dispose();
      hooks.dispose();
    }
  });

  it('says so when the registry is down, and gives up instead of hanging', async () => {
    const down = `http://127.0.0.1:${await freePort()}/`;
    const project = join(scratch, 'registry-down');
    mkdirSync(project);
    const result = await registry.npm(
      ['install', SPEC, '--registry', down, '--fetch-retries', '0', '--prefer-online'],
      project,
      // npm's own message, whatever log level the suite was started with (`npm run -s` is silent).
      { npm_config_cache: join(scratch, 'empty-cache'), npm_config_loglevel: 'notice' },
    );
    assert.notEqual(result.code, 0);
    assert.match(result.output, /ECONNREFUSED/);
  });
});

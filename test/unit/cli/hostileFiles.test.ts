import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runToExit, type Exited } from '../../support/runToExit';

const DEPRECATIONS = resolve(__dirname, '../../../dist/cli/petstore-deprecations.js');
const SERVER = resolve(__dirname, '../../../dist/cli/petstore-server.js');
const MCP = resolve(__dirname, '../../../dist/cli/petstore-mcp.js');
const RG = execFileSync('sh', ['-c', 'command -v rg || true'], { encoding: 'utf8' }).trim();

/** A bound that turns a hang (a FIFO read for ever) into a failure; never waited for otherwise. */
const HANG_MS = 20_000;

function run(script: string, args: string[], cwd: string): Promise<Exited> {
  return runToExit(process.execPath, [script, ...args], cwd, process.env, HANG_MS);
}

/**
 * Every file a command is given by name or finds in a folder is a regular file of bounded size
 * (a FIFO blocks a reader for ever, a link to /dev/zero grows memory until the process aborts),
 * and a file reached through a link that leaves the folder the user named is not read.
 */
describe('hostile files given to the command-line tools', function () {
  this.timeout(60_000);
  let folder: string;
  let fifo: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'petstore-hostile-files-'));
    fifo = join(folder, 'pipe.json');
    execFileSync('mkfifo', [fifo]);
    symlinkSync('/dev/zero', join(folder, 'zero.json'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('report --merge: a FIFO or a link to /dev/zero, named or in a folder, is refused with the reason', async () => {
    for (const input of [fifo, join(folder, 'zero.json'), folder]) {
      const { code, stderr, output } = await run(
        DEPRECATIONS,
        ['report', '--merge', input],
        folder,
      );
      assert.doesNotMatch(output, /killed after/, `${input} hung`);
      assert.equal(code, 2, stderr);
      assert.match(stderr, /not a regular file/, stderr);
    }
  });

  it('report --observed and --history: a FIFO or /dev/zero is refused with the reason', async () => {
    for (const option of ['--observed', '--history'])
      for (const input of [fifo, join(folder, 'zero.json')]) {
        const { code, stderr, output } = await run(
          DEPRECATIONS,
          ['report', option, input, '--format', 'markdown', folder],
          folder,
        );
        assert.doesNotMatch(output, /killed after/, `${option} ${input} hung`);
        assert.equal(code, 2, stderr);
        assert.match(stderr, /not a regular file/, `${option}: ${stderr}`);
      }
  });

  it('petstore-server --record: a FIFO is refused at start (exit 1, as a bad data file), never waited on', async () => {
    const { code, stderr, output } = await run(
      SERVER,
      ['--port', '0', '--api-key', 'test-key', '--removed', '--record', fifo],
      folder,
    );
    assert.doesNotMatch(output, /killed after/);
    assert.equal(code, 1, stderr);
    assert.match(stderr, /cannot record the calls to .*pipe\.json: not a regular file/);
  });

  it('petstore-server --upstream-ca and petstore-mcp --config: a FIFO or /dev/zero is refused', async () => {
    for (const input of [fifo, join(folder, 'zero.json')]) {
      const server = await run(
        SERVER,
        ['--port', '0', '--upstream', 'https://api.example.com/v1', '--upstream-ca', input],
        folder,
      );
      assert.doesNotMatch(server.output, /killed after/);
      assert.equal(server.code, 2, server.stderr);
      assert.match(server.stderr, /--upstream-ca .*: not a regular file/);
      const mcp = await run(MCP, ['--config', input], folder);
      assert.doesNotMatch(mcp.output, /killed after/);
      assert.notEqual(mcp.code, 0);
      assert.match(mcp.stderr, /not a regular file/);
    }
  });

  it('scan: a file or folder reached through a link that leaves the repository is not read', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'petstore-outside-'));
    const repository = join(folder, 'repository');
    try {
      mkdirSync(join(outside, 'api'));
      writeFileSync(join(outside, 'client.js'), 'fetch(`/pets/${secretId}`);\n');
      writeFileSync(join(outside, 'api', 'pets.js'), 'fetch(`/pets/${otherId}`);\n');
      mkdirSync(join(repository, '.git'), { recursive: true });
      mkdirSync(join(repository, 'src'), { recursive: true });
      mkdirSync(join(repository, 'vendor', 'shared'), { recursive: true });
      writeFileSync(join(repository, 'src', 'own.js'), 'fetch(`/pets/${id}`);\n');
      writeFileSync(join(repository, 'vendor', 'shared', 'inside.js'), 'fetch(`/pets/${x}`);\n');
      symlinkSync(join(outside, 'client.js'), join(repository, 'src', 'linked.js'));
      symlinkSync(join(outside, 'api'), join(repository, 'src', 'api'));
      // A link that stays inside the repository (out of the folder scanned) is still read.
      symlinkSync(join(repository, 'vendor', 'shared'), join(repository, 'lib'));
      for (const finder of RG ? [['--rg', RG], ['--no-rg']] : [['--no-rg']]) {
        const { code, stdout, stderr } = await run(
          DEPRECATIONS,
          ['scan', '--format', 'json', ...finder, 'src', 'lib'],
          repository,
        );
        assert.equal(code, 1, stderr);
        const files = [
          ...new Set((JSON.parse(stdout) as { file: string }[]).map((finding) => finding.file)),
        ];
        assert.deepEqual(files.sort(), ['lib/inside.js', 'src/own.js'], finder.join(' '));
        assert.match(
          stderr,
          /skipped a link that leads outside the workspace: .*linked\.js/,
          finder.join(' '),
        );
      }
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('scan and report: an output named by a link planted in the checkout is never written outside it', async () => {
    // A pull request's checkout holding the Action's default names as links to a file of the runner's.
    const victim = join(folder, 'victim');
    writeFileSync(victim, 'keep\n');
    const checkout = join(folder, 'checkout');
    mkdirSync(join(checkout, 'src'), { recursive: true });
    writeFileSync(join(checkout, 'src', 'a.js'), 'fetch(`/pets/${id}`);\n');
    for (const name of ['petstore-deprecations.sarif', 'baseline.json', 'report.html'])
      symlinkSync('../victim', join(checkout, name));
    for (const args of [
      ['scan', '--no-rg', '--sarif', 'petstore-deprecations.sarif', 'src'],
      ['scan', '--no-rg', '--write-baseline', 'baseline.json', 'src'],
      ['report', '--no-rg', '--format', 'html', '--out', 'report.html', 'src'],
    ]) {
      const { code, stderr } = await run(DEPRECATIONS, args, checkout);
      assert.equal(code, 2, `${args.join(' ')}: ${stderr}`);
      assert.match(stderr, /outside .*not written/, args.join(' '));
    }
    assert.equal(readFileSync(victim, 'utf8'), 'keep\n');
  });

  it('scan: a .gitignore that is a FIFO or a link to /dev/zero does not hang the walk', async () => {
    const tree = join(folder, 'tree');
    mkdirSync(join(tree, 'a'), { recursive: true });
    mkdirSync(join(tree, 'b'), { recursive: true });
    execFileSync('mkfifo', [join(tree, 'a', '.gitignore')]);
    symlinkSync('/dev/zero', join(tree, 'b', '.gitignore'));
    writeFileSync(join(tree, 'a', 'x.js'), 'fetch(`/pets/${id}`);\n');
    writeFileSync(join(tree, 'b', 'y.js'), 'fetch(`/pets/${id}`);\n');
    const { code, output } = await run(DEPRECATIONS, ['scan', '--no-rg', '.'], tree);
    assert.doesNotMatch(output, /killed after/);
    assert.equal(code, 1, output);
    assert.match(output, /a\/x\.js/);
    assert.match(output, /b\/y\.js/);
  });
});

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { startServerProcess, type ServerProcess } from '../../support/serverProcess';
import { runNodeToExit } from '../../support/runToExit';

const MCP_BIN = resolve(__dirname, '../../../dist/cli/petstore-mcp.js');
const KEY = 'mcp-test-key-7f3a9c';
const WRONG_KEY = 'mcp-wrong-key-51be20';

interface CallResult {
  isError?: boolean;
  content: { type: string; text: string }[];
  structuredContent?: Record<string, unknown>;
}

/** Text only the file outside the workspace holds: it must never reach the client. */
const OUTSIDE_MARK = 'outside-the-workspace-7Hq2';

describe('petstore-mcp (the MCP server over stdio, with the SDK client, against petstore-server)', function () {
  let server: ServerProcess;
  let workspace: string;
  /** A folder beside the workspace, reached from inside it only through links. */
  let outside: string;
  let client: Client;
  let stderr = '';
  /** Every message both ways, as the client's transport saw them. */
  const transcript: string[] = [];

  before(async function () {
    server = await startServerProcess(['--api-key', KEY, '--quiet']);
    workspace = mkdtempSync(join(tmpdir(), 'petstore-mcp-'));
    mkdirSync(join(workspace, 'src'));
    writeFileSync(join(workspace, 'src', 'client.ts'), 'export const one = () => api.getPet(1);\n');
    writeFileSync(
      join(workspace, 'src', 'fetch.js'),
      'fetch(`${base}/pets/${id}`);\nfetch(`${base}/pets`);\n',
    );
    outside = mkdtempSync(join(tmpdir(), 'petstore-mcp-outside-'));
    writeFileSync(join(outside, 'private.js'), `fetch('/pets/1'); // ${OUTSIDE_MARK}\n`);
    symlinkSync(outside, join(workspace, 'linked-folder'));
    symlinkSync(join(outside, 'private.js'), join(workspace, 'src', 'linked-file.js'));
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [
        MCP_BIN,
        '--environment',
        `staging=${server.baseUrl}`,
        '--environment',
        `wrong=${server.baseUrl}`,
        '--environment',
        `nokey=${server.baseUrl}`,
        '--environment',
        'down=http://127.0.0.1:9/v1',
        '--workspace',
        workspace,
      ],
      env: {
        PATH: process.env.PATH ?? '',
        PETSTORE_API_KEY_STAGING: KEY,
        PETSTORE_API_KEY_WRONG: WRONG_KEY,
        PETSTORE_API_KEY_DOWN: KEY,
      },
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    client = new Client({ name: 'petstore-mcp-test', version: '1.0.0' });
    // Record every message sent (from the handshake on) and received (once connect set the handler).
    const send = transport.send.bind(transport);
    transport.send = (message) => {
      transcript.push(JSON.stringify(message));
      return send(message);
    };
    await client.connect(transport);
    const receive = transport.onmessage?.bind(transport);
    transport.onmessage = (message) => {
      transcript.push(JSON.stringify(message));
      receive?.(message);
    };
  });

  after(async function () {
    await client?.close();
    server?.child.kill('SIGTERM');
    await server?.exited;
    rmSync(workspace, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  const call = async (name: string, args: Record<string, unknown> = {}) =>
    (await client.callTool({ name, arguments: args })) as CallResult;

  it('lists the five tools with JSON Schemas and says which one changes data', async () => {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((tool) => tool.name).sort(), [
      'createPet',
      'explainDeprecation',
      'findDeprecatedCalls',
      'listEnvironments',
      'listPets',
    ]);
    const create = tools.find((tool) => tool.name === 'createPet')!;
    assert.deepEqual(create.inputSchema.required, ['environment', 'name', 'categoryId']);
    assert.equal(create.annotations?.readOnlyHint, false);
    assert.equal(create.annotations?.idempotentHint, false);
    assert.equal(create.annotations?.openWorldHint, true);
    for (const tool of tools.filter((tool) => tool.name !== 'createPet'))
      assert.equal(tool.annotations?.readOnlyHint, true, tool.name);
  });

  it('createPet then listPets: the pet is in the store, its int64 category exact', async () => {
    const created = await call('createPet', {
      environment: 'staging',
      name: 'Agent pet',
      categoryId: '9223372036854775807',
      status: 'pending',
    });
    assert.equal(created.isError, undefined, created.content[0]?.text);
    const pet = created.structuredContent?.pet as { id: string; categoryId: string };
    assert.equal(pet.categoryId, '9223372036854775807');
    const listed = await call('listPets', {
      environment: 'staging',
      status: 'pending',
      limit: 100,
    });
    const pets = listed.structuredContent?.pets as { id: string; categoryId: string }[];
    assert.deepEqual(
      pets.find((found) => found.id === pet.id),
      { id: pet.id, name: 'Agent pet', categoryId: '9223372036854775807', status: 'pending' },
    );
    assert.match(listed.content[0]!.text, /^\d+ pets? with status pending in staging\n\{/);
  });

  it('listEnvironments says which have a key, never the key', async () => {
    const result = await call('listEnvironments');
    const environments = result.structuredContent?.environments as {
      id: string;
      keySet: boolean;
    }[];
    assert.deepEqual(
      environments.map(({ id, keySet }) => [id, keySet]),
      [
        ['production', false],
        ['staging', true],
        ['wrong', true],
        ['nokey', false],
        ['down', true],
      ],
    );
  });

  it('every failure kind is a tool error that says what to do, and the server keeps serving', async () => {
    const expectations: [string, Record<string, unknown>, RegExp][] = [
      [
        'listPets',
        { environment: 'wrong' },
        /^no valid API key for wrong: set PETSTORE_API_KEY_WRONG in the MCP server's environment/,
      ],
      [
        'listPets',
        { environment: 'nokey' },
        /^no API key is set for nokey: set PETSTORE_API_KEY_NOKEY/,
      ],
      ['listPets', { environment: 'down' }, /^down: /],
      ['listPets', { environment: 'production' }, /^production has no base URL configured yet$/],
      ['listPets', { environment: 'qa' }, /^unknown environment "qa"/],
      [
        'listPets',
        { environment: 'staging', limit: 'ten' },
        /^invalid arguments for listPets: limit: /,
      ],
      [
        'createPet',
        { environment: 'staging', name: 'x', categoryId: 2 ** 60 },
        /categoryId: is beyond 2\^53/,
      ],
      ['createPet', { environment: 'staging', name: 42, categoryId: 1 }, /name: must be a string/],
      ['nosuchTool', {}, /unknown tool "nosuchTool"/],
    ];
    for (const [name, args, expected] of expectations) {
      const result = await call(name, args);
      assert.equal(result.isError, true, `${name} ${JSON.stringify(args)}`);
      assert.match(result.content[0]!.text, expected);
    }
    assert.equal((await call('explainDeprecation')).isError, undefined);
  });

  it('findDeprecatedCalls searches the workspace, not outside it', async () => {
    const result = await call('findDeprecatedCalls', { paths: ['src', '../..'] });
    assert.equal(result.structuredContent?.total, 2);
    assert.deepEqual(result.structuredContent?.files, [
      { file: 'src/client.ts', calls: 1 },
      { file: 'src/fetch.js', calls: 1 },
    ]);
    assert.deepEqual(result.structuredContent?.notes, [
      '../.. is outside the workspace: not searched',
    ]);
    assert.deepEqual(
      (result.structuredContent?.calls as { at: string }[]).map((found) => found.at),
      ['src/client.ts:1:30', 'src/fetch.js:1:7'],
    );
  });

  it('findDeprecatedCalls never follows a link out of the workspace, named or walked into', async () => {
    const named = await call('findDeprecatedCalls', {
      paths: ['linked-folder', 'linked-folder/private.js', 'src/linked-file.js'],
    });
    assert.equal(named.structuredContent?.total, 0);
    assert.deepEqual(named.structuredContent?.notes, [
      'linked-folder is outside the workspace: not searched',
      'linked-folder/private.js is outside the workspace: not searched',
      'src/linked-file.js is outside the workspace: not searched',
    ]);
    const walked = await call('findDeprecatedCalls');
    assert.deepEqual(
      (walked.structuredContent?.files as { file: string }[]).map((entry) => entry.file),
      ['src/client.ts', 'src/fetch.js'],
    );
    assert.ok(!JSON.stringify(walked).includes(OUTSIDE_MARK));
    assert.ok(!JSON.stringify(named).includes(OUTSIDE_MARK));
    assert.match(stderr, /skipped a link that leads outside the workspace: .*linked-folder/);
    assert.match(stderr, /skipped a link that leads outside the workspace: .*linked-file\.js/);
  });

  it('serves the interface spec as a resource', async () => {
    const { resources } = await client.listResources();
    assert.deepEqual(
      resources.map((resource) => resource.uri),
      ['petstore://spec/pet-store-interface.md'],
    );
    const read = await client.readResource({ uri: resources[0]!.uri });
    const spec = readFileSync(
      resolve(__dirname, '../../../docs/spec/pet-store-interface.md'),
      'utf8',
    );
    assert.equal((read.contents[0] as { text: string }).text, spec);
    await assert.rejects(client.readResource({ uri: 'petstore://nothing' }), /no resource/);
  });

  it('logs a pet name with terminal escapes and a bidi override shown, not obeyed', async () => {
    const created = await call('createPet', {
      environment: 'staging',
      name: 'Rex \u001b[2J\u202eevil',
      categoryId: '1',
    });
    assert.equal(created.isError, undefined, created.content[0]?.text);
    assert.match(stderr, /Created pet \d+ "Rex <U\+001B>\[2J<U\+202E>evil"/);
    assert.ok(!stderr.includes('\u001b') && !stderr.includes('\u202e'));
  });

  it('the keys appear nowhere in what crossed stdio or in the log', function () {
    assert.ok(transcript.length > 10, 'the transcript recorded the session');
    const everything = `${transcript.join('\n')}\n${stderr}`;
    assert.ok(!everything.includes(KEY), 'the staging key leaked');
    assert.ok(!everything.includes(WRONG_KEY), 'the wrong key leaked');
    assert.match(stderr, /listPets: failed/);
  });
});

describe('petstore-mcp on raw stdio (what an unlucky client sends)', function () {
  it('a message over 10 MB: exits with a clear line on stderr instead of going silent', async function () {
    const child = spawn(
      process.execPath,
      [MCP_BIN, '--environment', 'staging=http://127.0.0.1:9/v1'],
      {
        env: { PATH: process.env.PATH ?? '', PETSTORE_API_KEY_STAGING: KEY },
        stdio: ['pipe', 'ignore', 'pipe'],
      },
    );
    let stderrText = '';
    child.stderr.on('data', (chunk: Buffer) => (stderrText += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolveExit) => child.on('exit', resolveExit));
    child.stdin.on('error', () => undefined); // the server may be gone before the last bytes
    child.stdin.write(
      `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"${'x'.repeat(11 * 1024 * 1024)}"}}\n`,
    );
    child.stdin.write('{"jsonrpc":"2.0","id":2,"method":"ping"}\n');
    assert.equal(await exited, 1);
    assert.match(stderrText, /petstore-mcp: stopped: .*over 10 MB/);
  });

  it('answers malformed JSON-RPC with errors and keeps serving; the key is not in the raw bytes', async function () {
    const child = spawn(
      process.execPath,
      [MCP_BIN, '--environment', 'staging=http://127.0.0.1:9/v1'],
      {
        env: { PATH: process.env.PATH ?? '', PETSTORE_API_KEY_STAGING: KEY },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let raw = '';
    child.stdout.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    const responses = () =>
      raw
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map(
          (line) =>
            JSON.parse(line) as { id?: number; error?: { code: number }; result?: CallResult },
        );
    const answered = (id: number) =>
      new Promise<void>((resolvePromise, reject) => {
        const timer = setInterval(() => {
          if (responses().some((response) => response.id === id)) {
            clearInterval(timer);
            resolvePromise();
          } else if (child.exitCode !== null) {
            clearInterval(timer);
            reject(new Error(`petstore-mcp exited: ${raw}`));
          }
        }, 20);
      });
    const send = (text: string) => child.stdin.write(`${text}\n`);
    send(
      '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}',
    );
    await answered(1);
    send('{"jsonrpc":"2.0","method":"notifications/initialized"}');
    send('this is not json');
    send(
      '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"listPets","arguments":"staging"}}',
    );
    send('{"jsonrpc":"2.0","id":3,"method":"no/such/method"}');
    send(
      '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"listPets","arguments":{"environment":"staging"}}}',
    );
    send(
      `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"createPet","arguments":{"environment":"staging","name":"${'x'.repeat(100_000)}","categoryId":1}}}`,
    );
    await Promise.all([answered(2), answered(3), answered(4), answered(5)]);
    const byId = new Map(responses().map((response) => [response.id, response]));
    assert.ok(
      byId.get(2)?.error || byId.get(2)?.result?.isError,
      'arguments of the wrong type are refused',
    );
    assert.equal(byId.get(3)?.error?.code, -32601);
    assert.equal(byId.get(4)?.result?.isError, true);
    assert.match(byId.get(4)!.result!.content[0]!.text, /^staging: /);
    assert.match(byId.get(5)!.result!.content[0]!.text, /name: must be at most 200 characters/);
    assert.equal(child.exitCode, null, 'still running');
    child.stdin.end();
    await once(child, 'close');
    assert.ok(!raw.includes(KEY));
  });

  it('refuses bad flags and a broken config with status 2 and the usage', async function () {
    const folder = mkdtempSync(join(tmpdir(), 'petstore-mcp-config-'));
    try {
      writeFileSync(join(folder, 'broken.json'), '{"environments": [');
      for (const args of [
        ['--api-key', KEY],
        ['--environment', 'no-equals-sign'],
        ['--config', join(folder, 'broken.json')],
        ['--config', join(folder, 'missing.json')],
      ]) {
        const exited = await runNodeToExit([MCP_BIN, ...args]);
        assert.equal(exited.code, 2, args.join(' '));
        assert.match(exited.stderr, /Usage: petstore-mcp/);
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('the spec the MCP server serves', function () {
  it('is the shared interface spec, word for word', function () {
    const shared = resolve(__dirname, '../../../../shared/spec/pet-store-interface.md');
    const ours = resolve(__dirname, '../../../docs/spec/pet-store-interface.md');
    // The project is always checked out beside ../shared (README, CI).
    assert.equal(readFileSync(ours, 'utf8'), readFileSync(shared, 'utf8'));
  });
});

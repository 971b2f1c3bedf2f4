import assert from 'node:assert/strict';
import { PetStoreError } from '../../../../src/core/api/errors';
import type { ListPetsQuery } from '../../../../src/core/api/client';
import type { NewPet, Pet } from '../../../../src/core/api/schemas';
import type {
  AgentEnvironment,
  AgentPorts,
  FoundCall,
} from '../../../../src/core/agents/agentPorts';
import {
  AGENT_TOOLS,
  runAgentTool,
  type AgentToolOutcome,
} from '../../../../src/core/agents/agentTools';
import { agentToolInputSchema } from '../../../../src/core/agents/agentToolSchemas';
import { createPetConfirmation } from '../../../../src/core/agents/createPetConfirmation';
import { AccessProblem } from '../../../../src/core/explorer/accessProblem';

/** Ports backed by plain arrays: what each tool asked for is recorded. */
function fakePorts(overrides: Partial<AgentPorts> = {}) {
  const pets: Pet[] = [
    { id: 1n, name: 'Rex', categoryId: 9_007_199_254_740_993n, status: 'available' },
    { id: 2n, name: 'Tom', categoryId: 2n, status: 'sold' },
  ];
  const environments: AgentEnvironment[] = [
    {
      id: 'production',
      label: 'Production',
      baseUrl: 'https://api.example/v1',
      keySet: true,
      protected: true,
    },
    { id: 'staging', label: 'Staging', baseUrl: 'https://staging.example/v1', keySet: true },
    { id: 'local', label: 'Local', keySet: false },
  ];
  const calls: FoundCall[] = [
    { file: 'b.ts', line: 3, column: 1, snippet: 'client.getPet(1)' },
    { file: 'a.py', line: 9, column: 5, snippet: 'get_pet(1)' },
    { file: 'a.py', line: 2, column: 5, snippet: 'requests.get(f"{base}/pets/{id}")' },
  ];
  const asked = {
    list: [] as { id: string; query: ListPetsQuery }[],
    create: [] as { id: string; pet: NewPet }[],
  };
  const ports: AgentPorts = {
    environments: () => Promise.resolve(environments),
    listPets: (id, query) => {
      asked.list.push({ id, query });
      return Promise.resolve(pets.filter((pet) => !query.status || pet.status === query.status));
    },
    createPet: (id, pet) => {
      asked.create.push({ id, pet });
      return Promise.resolve({ id: 3n, ...pet, status: pet.status ?? 'available' });
    },
    findDeprecatedCalls: () => Promise.resolve({ calls, notes: [] }),
    keyRemedy: (id) => `run Pet Store: Set API Key for ${id}`,
    now: () => new Date(Date.UTC(2026, 10, 23)),
    ...overrides,
  };
  return { ports, asked };
}

function expectOk(outcome: AgentToolOutcome) {
  if (!outcome.ok) assert.fail(`expected success, got: ${outcome.error}`);
  return outcome.result;
}

function expectError(outcome: AgentToolOutcome): string {
  if (outcome.ok) assert.fail(`expected a failure, got: ${outcome.result.summary}`);
  return outcome.error;
}

describe('agent tools (core)', () => {
  it('listPets passes the filter and limit, returns int64 ids as exact strings', async () => {
    const { ports, asked } = fakePorts();
    const result = expectOk(
      await runAgentTool(
        'listPets',
        { environment: 'staging', status: 'available', limit: 5 },
        ports,
      ),
    );
    assert.deepEqual(asked.list, [{ id: 'staging', query: { limit: 5, status: 'available' } }]);
    assert.equal(result.summary, '1 pet with status available in staging');
    assert.deepEqual(result.data, {
      environment: 'staging',
      pets: [{ id: '1', name: 'Rex', categoryId: '9007199254740993', status: 'available' }],
    });
  });

  it('a write must name its environment: createPet without one is refused before any request', async () => {
    const { ports, asked } = fakePorts();
    const error = expectError(
      await runAgentTool('createPet', { name: 'Rex', categoryId: 1 }, ports),
    );
    assert.match(error, /^invalid arguments for createPet: environment: /);
    assert.equal(asked.create.length, 0);
  });

  it('createPet keeps a categoryId string beyond 2^53 exact, and refuses a rounded JSON number', async () => {
    const { ports, asked } = fakePorts();
    const result = expectOk(
      await runAgentTool(
        'createPet',
        { environment: 'staging', name: 'Big', categoryId: '9223372036854775807' },
        ports,
      ),
    );
    assert.equal(asked.create[0]?.pet.categoryId, 9_223_372_036_854_775_807n);
    assert.equal(result.summary, 'Created pet 3 "Big" in staging');
    const error = expectError(
      await runAgentTool(
        'createPet',
        { environment: 'staging', name: 'Big', categoryId: 2 ** 60 },
        ports,
      ),
    );
    assert.match(error, /categoryId: is beyond 2\^53 .* pass it as a string of digits/);
    assert.equal(asked.create.length, 1);
  });

  it('every argument is checked with the client schemas, the field named', async () => {
    const { ports } = fakePorts();
    const cases: [string, unknown, RegExp][] = [
      ['listPets', { environment: 'staging', limit: 101 }, /limit: /],
      ['listPets', { environment: 'staging', limit: '5' }, /limit: /],
      [
        'listPets',
        { environment: 'staging', status: 'lost' },
        /status: must be one of available, pending, sold/,
      ],
      ['listPets', { environment: 'staging', extra: 1 }, /extra/],
      [
        'createPet',
        { environment: 'staging', name: '  ', categoryId: 1 },
        /name: must not be empty/,
      ],
      [
        'createPet',
        { environment: 'staging', name: 'x'.repeat(201), categoryId: 1 },
        /name: must be at most 200/,
      ],
      ['createPet', { environment: 'staging', name: 'x', categoryId: '1.5' }, /categoryId: /],
      [
        'createPet',
        { environment: 'staging', name: 'x', categoryId: '9223372036854775808' },
        /categoryId: must be an integer between/,
      ],
      ['createPet', 'not an object', /invalid arguments for createPet/],
      ['findDeprecatedCalls', { maxCalls: -1 }, /maxCalls: /],
      ['explainDeprecation', { anything: true }, /anything/],
    ];
    for (const [name, args, expected] of cases) {
      const error = expectError(await runAgentTool(name, args, ports));
      assert.match(error, expected, `${name} ${JSON.stringify(args)}`);
    }
    assert.match(
      expectError(await runAgentTool('deletePet', {}, ports)),
      /unknown tool "deletePet"/,
    );
  });

  it('an unknown or unconfigured environment is a clear failure that names the ones there are', async () => {
    const { ports, asked } = fakePorts();
    assert.equal(
      expectError(await runAgentTool('listPets', { environment: 'qa' }, ports)),
      'unknown environment "qa": use one of production, staging, local',
    );
    assert.equal(
      expectError(await runAgentTool('listPets', { environment: 'local' }, ports)),
      'local has no base URL configured yet',
    );
    assert.equal(asked.list.length, 0);
  });

  it('the client failures become one line that says what to do', async () => {
    const failing = (error: Error) => fakePorts({ listPets: () => Promise.reject(error) }).ports;
    const run = async (error: Error) =>
      expectError(await runAgentTool('listPets', { environment: 'staging' }, failing(error)));
    assert.equal(
      await run(new PetStoreError('unauthorized', 'Unauthorized', { status: 401 })),
      'no valid API key for staging: run Pet Store: Set API Key for staging (the API answered 401)',
    );
    assert.equal(
      await run(new AccessProblem('noKey', 'No API key is set for Staging')),
      'no API key is set for staging: run Pet Store: Set API Key for staging',
    );
    assert.equal(
      await run(
        new PetStoreError('rateLimited', 'Too many', { status: 429, retryAfterSeconds: 7 }),
      ),
      'staging is rate limiting requests (429); retry in 7 s',
    );
    assert.equal(
      await run(new PetStoreError('network', 'Could not reach staging.example')),
      'staging: Could not reach staging.example',
    );
    assert.equal(await run(new TypeError('boom')), 'boom');
  });

  it('findDeprecatedCalls counts every call by file and lists the first maxCalls in file order', async () => {
    const { ports } = fakePorts();
    const result = expectOk(await runAgentTool('findDeprecatedCalls', { maxCalls: 2 }, ports));
    assert.equal(
      result.summary,
      '3 deprecated getPet calls in 2 files; removed on 5 December 2030',
    );
    assert.deepEqual(result.data, {
      total: 3,
      files: [
        { file: 'a.py', calls: 2 },
        { file: 'b.ts', calls: 1 },
      ],
      calls: [
        { at: 'a.py:2:5', snippet: 'requests.get(f"{base}/pets/{id}")' },
        { at: 'a.py:9:5', snippet: 'get_pet(1)' },
      ],
      notListed: 1,
    });
  });

  it('explainDeprecation counts the days left from the ports clock', async () => {
    const { ports } = fakePorts();
    const result = expectOk(await runAgentTool('explainDeprecation', {}, ports));
    assert.equal(result.data.daysLeft, 1473);
    assert.equal(result.data.removalDate, '2030-12-05');
    assert.match(result.summary, /removed on 5 December 2030 \(1473 days left\); use GET \/pets/);
    const after = fakePorts({ now: () => new Date(Date.UTC(2031, 0, 1)) }).ports;
    assert.match(
      expectOk(await runAgentTool('explainDeprecation', undefined, after)).summary,
      /was removed/,
    );
  });

  it('listEnvironments says whether a key is set, and never what it is', async () => {
    const { ports } = fakePorts();
    const result = expectOk(await runAgentTool('listEnvironments', {}, ports));
    assert.equal(result.summary, '3 environments (2 ready: production, staging)');
    assert.deepEqual(result.data.environments, [
      {
        id: 'production',
        label: 'Production',
        baseUrl: 'https://api.example/v1',
        keySet: true,
        protected: true,
      },
      { id: 'staging', label: 'Staging', baseUrl: 'https://staging.example/v1', keySet: true },
      { id: 'local', label: 'Local', keySet: false },
    ]);
  });

  it('input JSON Schemas come from the zod schemas: required fields, enums and limits', () => {
    const schemas = Object.fromEntries(
      AGENT_TOOLS.map((tool) => [tool.name, agentToolInputSchema(tool)]),
    );
    const create = schemas.createPet as {
      required: string[];
      properties: Record<string, { type?: unknown; enum?: unknown }>;
    };
    assert.deepEqual(create.required, ['environment', 'name', 'categoryId']);
    assert.deepEqual(create.properties.status?.enum, ['available', 'pending', 'sold']);
    assert.deepEqual(create.properties.categoryId?.type, ['string', 'number']);
    const list = schemas.listPets as {
      properties: Record<string, { minimum?: number; maximum?: number }>;
    };
    assert.equal(list.properties.limit?.minimum, 1);
    assert.equal(list.properties.limit?.maximum, 100);
    for (const schema of Object.values(schemas)) {
      assert.equal((schema as { type: string }).type, 'object');
      assert.equal((schema as { additionalProperties: boolean }).additionalProperties, false);
    }
  });

  it('only createPet is marked as changing data', () => {
    assert.deepEqual(
      AGENT_TOOLS.filter((tool) => !tool.readOnly).map((tool) => tool.name),
      ['createPet'],
    );
  });
});

describe('createPet confirmation (what a person confirms in VS Code)', () => {
  it('names the environment, its address, the request line and the exact body', async () => {
    const { ports } = fakePorts();
    const confirmation = await createPetConfirmation(
      { environment: 'staging', name: 'Otter', categoryId: '9223372036854775807' },
      ports,
    );
    assert.equal(confirmation?.title, 'Create a pet in Staging?');
    assert.equal(
      confirmation?.message,
      [
        'The agent asks to create a pet in **Staging** (https://staging.example/v1):',
        '',
        '```http',
        'POST https://staging.example/v1/pets',
        'Content-Type: application/json',
        '',
        '{"name":"Otter","categoryId":9223372036854775807}',
        '```',
      ].join('\n'),
    );
  });

  it('says a protected environment (production by default) out loud', async () => {
    const { ports } = fakePorts();
    const confirmation = await createPetConfirmation(
      { environment: 'production', name: 'Otter', categoryId: 1, status: 'sold' },
      ports,
    );
    assert.match(confirmation!.message, /^\*\*Protected environment\.\*\* /);
    assert.match(confirmation!.message, /\{"name":"Otter","categoryId":1,"status":"sold"\}/);
  });

  it('has nothing to confirm when the call will be refused anyway (bad arguments, unknown or unconfigured environment)', async () => {
    const { ports } = fakePorts();
    for (const input of [
      { environment: 'staging', name: '', categoryId: 1 },
      { environment: 'qa', name: 'x', categoryId: 1 },
      { environment: 'local', name: 'x', categoryId: 1 },
      undefined,
    ])
      assert.equal(await createPetConfirmation(input, ports), undefined, JSON.stringify(input));
  });
});

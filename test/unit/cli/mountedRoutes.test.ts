import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finderSettings, scanFiles } from '../../../src/cli/deprecations/scanFiles';
import { write } from '../../support/caseTree';

const ROUTER = [
  "const router = require('express').Router();",
  "router.get('/', async (req, res) => res.json(await Pet.find()));",
  "router.get('/:id', async (req, res) => res.json(await Pet.findById(req.params.id)));",
  "router.delete('/:id', async (req, res) => res.sendStatus(204));",
  "router.get('/:id/photos', photos);",
  'module.exports = router;',
  '',
].join('\n');

/** A tree, its files' findings as "file:line kind confidence detail", at confidence possible. */
async function servedIn(files: Record<string, string>, countRoutes = false): Promise<string[]> {
  const tree = mkdtempSync(join(tmpdir(), 'petstore-mounted-'));
  try {
    for (const [name, text] of Object.entries(files)) write(tree, name, text);
    const settings = finderSettings({
      confidence: 'possible',
      'no-rg': true,
      ...(countRoutes ? { 'count-routes': true } : {}),
    });
    if (typeof settings === 'string') throw new Error(settings);
    const outcome = await scanFiles([tree], settings, tree);
    return outcome.results.flatMap(({ path, findings }) =>
      findings.map(
        (finding) =>
          `${path.slice(tree.length + 1)}:${finding.start.line + 1} ${finding.kind} ${finding.confidence} ${finding.detail}`,
      ),
    );
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
}

describe('routers mounted on the pets collection: their item routes serve GET /pets/{id}', function () {
  this.timeout(30_000);

  it('Express, CommonJS: app.use with a required router; only GET /:id, as a hint', async () => {
    const found = await servedIn({
      'server/app.js':
        "const petsRouter = require('./routes/pets');\napp.use('/pets', petsRouter);\n",
      'server/routes/pets.js': ROUTER,
    });
    assert.deepEqual(found, ['server/routes/pets.js:3 serves possible /pets/:id']);
  });

  it('an ES import, a versioned mount path, a TypeScript module named with its extension', async () => {
    const found = await servedIn({
      'src/server.ts':
        "import petRoutes from './routes/pets.ts'\nserver.use('/api/v1/pets', petRoutes)\n",
      'src/routes/pets.ts': ROUTER,
    });
    assert.deepEqual(found, ['src/routes/pets.ts:3 serves possible /api/v1/pets/:id']);
  });

  it('a require in the mount itself, an index module, router.route(…).get(…), counted when asked', async () => {
    const found = await servedIn(
      {
        'app.js': "app.use('/pets', require('./pets'));\n",
        'pets/index.js':
          "const router = express.Router();\nrouter.route('/:petId').get(show).put(update);\nrouter.route('/:petId/owner').get(owner);\n",
      },
      true,
    );
    assert.deepEqual(found, ['pets/index.js:2 serves certain /pets/:petId']);
  });

  it('FastAPI: a router included with the collection as its prefix, relative and absolute imports', async () => {
    const routerModule = [
      'from fastapi import APIRouter',
      'router = APIRouter()',
      '',
      '@router.get("/")',
      'def list_pets():',
      '    return []',
      '',
      '@router.get("/{pet_id}")',
      'def read_pet(pet_id: int):',
      '    return {"id": pet_id}',
      '',
      '@router.delete("/{pet_id}")',
      'def delete_pet(pet_id: int):',
      '    return None',
      '',
      '@router.get("/{pet_id}/photos")',
      'def photos(pet_id: int):',
      '    return []',
      '',
    ].join('\n');
    const found = await servedIn({
      'app/main.py': [
        'from fastapi import FastAPI',
        'from .routers import pets',
        'from app.routers.owners import router as owners_router',
        'app = FastAPI()',
        'app.include_router(pets.router, prefix="/pets", tags=["pets"])',
        'app.include_router(owners_router, prefix="/owners")',
        '',
      ].join('\n'),
      'app/routers/pets.py': routerModule,
      'app/routers/owners.py': routerModule,
      'api/main.py':
        'from api.v1.pets import router\napp.include_router(router, prefix="/api/v1/pets")\n',
      'api/v1/pets.py': routerModule,
    });
    assert.deepEqual(found.sort(), [
      'api/v1/pets.py:8 serves possible /api/v1/pets/{pet_id}',
      'app/routers/pets.py:8 serves possible /pets/{pet_id}',
    ]);
  });

  it('Fastify: a plugin registered with the collection as its prefix', async () => {
    const found = await servedIn({
      'src/app.js':
        "import petRoutes from './routes/pets.js';\napp.register(petRoutes, { prefix: '/api/pets' });\n",
      'src/routes/pets.js':
        "export default async function (fastify) {\n  fastify.get('/', list);\n  fastify.get('/:petId', show);\n  fastify.delete('/:petId', remove);\n}\n",
    });
    assert.deepEqual(found, ['src/routes/pets.js:3 serves possible /api/pets/:petId']);
  });

  it('nothing for a router mounted elsewhere, a mount in a comment, or a route of another method', async () => {
    const found = await servedIn({
      'app.js': [
        "app.use('/owners', require('./routes/owners'));",
        "// app.use('/pets', require('./routes/pets'));",
        "app.use('/pets', require('./routes/putOnly'));",
        "app.register(require('./routes/owners'), { prefix: '/owners' });",
        '',
      ].join('\n'),
      'routes/owners.js': ROUTER,
      'routes/pets.js': ROUTER,
      'routes/putOnly.js':
        "router.route('/:id').put(update)\nrouter.get('/', list)\nrouter.post('/:id', create)\n",
    });
    assert.deepEqual(found, []);
  });
});

import assert from 'node:assert/strict';
import { reportedIn } from './projectScan';

/**
 * A TypeScript service committed with the JavaScript tsc compiled from it, side by side: a
 * component's `import { PetService } from './pet.service'` is the TypeScript source's, so its
 * call reaches the source's request. Once the source is migrated the component calls nothing
 * deprecated, though the stale output still sends the request (reported in its own file).
 */
const COMPONENT = [
  "import { PetService } from './pet.service';",
  'export class ViewPetComponent {',
  '  constructor(private petService: PetService) {}',
  '  load(id: number) {',
  '    this.petService.findPet(id).then((pet) => (this.pet = pet));',
  '  }',
  '}',
].join('\n');

const COMPILED = [
  '"use strict";',
  'var __decorate = (this && this.__decorate) || function (decorators, target) { return target; };',
  'var PetService = (function () {',
  '    function PetService(http) { this.http = http; }',
  '    PetService.prototype.findPet = function (id) {',
  '        return this.http.get("/api/pets/" + id).toPromise();',
  '    };',
  '    return PetService;',
  '}());',
  'exports.PetService = PetService;',
].join('\n');

const SOURCE = (url: string) =>
  [
    'export class PetService {',
    '  constructor(private http: Http) {}',
    '  findPet(id: number): Promise<Pet> {',
    `    return this.http.get(${url}).toPromise();`,
    '  }',
    '}',
  ].join('\n');

describe('JavaScript tsc compiled beside its TypeScript source', () => {
  it("links a TypeScript caller to the source's request, not the output's", async () => {
    assert.deepEqual(
      await reportedIn({
        'src/app/view-pet.component.ts': COMPONENT,
        'src/app/pet.service.js': COMPILED,
        'src/app/pet.service.ts': SOURCE('`/api/pets/${id}`'),
      }),
      [
        'src/app/pet.service.js:6 url /api/pets/{…}',
        'src/app/pet.service.ts:4 url /api/pets/{…}',
        'src/app/view-pet.component.ts:5 wrapper findPet',
      ],
    );
  });

  it('reports nothing in the TypeScript caller once the source no longer sends the request', async () => {
    assert.deepEqual(
      await reportedIn({
        'src/app/view-pet.component.ts': COMPONENT,
        'src/app/pet.service.js': COMPILED,
        'src/app/pet.service.ts': SOURCE("'/api/pets?status=available'"),
      }),
      ['src/app/pet.service.js:6 url /api/pets/{…}'],
    );
  });

  it('links a JavaScript caller to the compiled file it requires', async () => {
    assert.deepEqual(
      await reportedIn({
        'src/app/view-pet.component.js': COMPONENT.replace(
          "import { PetService } from './pet.service';",
          "const { PetService } = require('./pet.service');",
        ).replace('private petService: PetService', 'petService'),
        'src/app/pet.service.js': COMPILED,
      }),
      [
        'src/app/pet.service.js:6 url /api/pets/{…}',
        'src/app/view-pet.component.js:5 wrapper findPet',
      ],
    );
  });
});

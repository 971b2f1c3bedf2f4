import assert from 'node:assert/strict';
import { reportedIn } from './projectScan';

/**
 * A generated client's table of operations: each request described by a value (method and path
 * template) that its facade hands to the code that sends it. The description is data, a hint;
 * the code that sends it is the call.
 */
describe('request descriptors sent by another file', () => {
  it('TypeScript, Go and Python: the descriptor is a hint, each use of it a call', async () => {
    assert.deepEqual(
      await reportedIn(
        {
          'src/_generated/operations.ts': [
            '// GENERATED; do not edit.',
            '/** `GET /pets/{pet_id}` — Fetch one pet by id. */',
            'export const GET_PET: Operation = Object.freeze<Operation>({',
            "  name: 'get_pet',",
            "  method: 'GET',",
            "  pathTemplate: '/pets/{pet_id}',",
            '});',
            'export const UPDATE_PET: Operation = Object.freeze<Operation>({',
            "  name: 'update_pet',",
            "  method: 'PATCH',",
            "  pathTemplate: '/pets/{pet_id}',",
            '});',
          ].join('\n'),
          'src/_generated/client.ts': [
            '// GENERATED; do not edit.',
            "import * as operations from './operations.js';",
            'export class PetStoreClient {',
            '  fetchOne(petId: string): Promise<Pet> {',
            '    return this.#core.execute(operations.GET_PET, { pathParams: { pet_id: petId } });',
            '  }',
            '  update(petId: string, patch: PetPatch): Promise<Pet> {',
            '    return this.#core.execute(operations.UPDATE_PET, { pathParams: { pet_id: petId } });',
            '  }',
            '}',
          ].join('\n'),
          'internal/ops/ops.go': [
            'package ops',
            '',
            'var ShowPet = Operation{Method: "GET", Path: "/pets/{id}"}',
          ].join('\n'),
          'internal/client/client.go': [
            'package client',
            '',
            'import "example.com/app/internal/ops"',
            '',
            'func (c *Client) Pet(ctx context.Context, id string) (*Pet, error) {',
            '\treturn c.do(ctx, ops.ShowPet, map[string]string{"id": id})',
            '}',
          ].join('\n'),
          'sdk/endpoints.py': ['SHOW_PET = Endpoint(method="GET", path="/pets/{pet_id}")'].join(
            '\n',
          ),
          'sdk/client.py': [
            'from sdk import endpoints',
            'class Client:',
            '    def show(self, pet_id):',
            '        return self._send(endpoints.SHOW_PET, pet_id=pet_id)',
          ].join('\n'),
        },
        {},
        'likely',
      ),
      [
        'internal/client/client.go:6 wrapper ShowPet',
        'sdk/client.py:4 wrapper SHOW_PET',
        'src/_generated/client.ts:5 wrapper GET_PET',
      ],
    );
  });
});

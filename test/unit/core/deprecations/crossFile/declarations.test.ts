import assert from 'node:assert/strict';
import { reportedIn } from './projectScan';

/**
 * A method's declaration is not a call of it, in every language's declaration forms; the call is
 * reported on the line that makes it.
 */
describe('a definition is not a call', () => {
  it('Ruby: `def self.get(pet_id:)` declares; the class method’s `new.get(…)` calls the instance’s', async () => {
    assert.deepEqual(
      await reportedIn({
        'lib/pet_api/client.rb': [
          'module PetApi',
          '  class Client',
          '    def self.get(pet_id:)',
          '      new.get(pet_id: pet_id)',
          '    end',
          '',
          '    def get(pet_id:)',
          '      conn.get("/pets/#{pet_id}")',
          '    end',
          '  end',
          'end',
        ].join('\n'),
        'app/models/adoption.rb': [
          'class Adoption',
          '  def pet',
          '    PetApi::Client.get(pet_id: pet_id)',
          '  end',
          'end',
        ].join('\n'),
      }),
      [
        'app/models/adoption.rb:3 wrapper get',
        'lib/pet_api/client.rb:4 wrapper get',
        'lib/pet_api/client.rb:8 url /pets/{…}',
      ],
    );
  });

  it('Ruby: a class method named like the operation is declared, not called', async () => {
    assert.deepEqual(
      await reportedIn({
        'lib/pets_api.rb': [
          'class PetsApi',
          '  def self.get_pet(id)',
          '    new.get_pet(id)',
          '  end',
          '',
          '  def get_pet(id)',
          '    @conn.get("/pets/#{id}")',
          '  end',
          'end',
        ].join('\n'),
      }),
      ['lib/pets_api.rb:3 wrapper get_pet', 'lib/pets_api.rb:7 url /pets/{…}'],
    );
  });

  it('Kotlin: an extension function is declared on its type, and called through a receiver of that type', async () => {
    assert.deepEqual(
      await reportedIn({
        'src/main/kotlin/PetsApiExtensions.kt': [
          'fun PetsApi.getPet(id: Long): Pet = runBlocking {',
          '    http.get("$base/pets/$id").body()',
          '}',
          '',
          'suspend fun PetClient.fetchPet(id: Long): Pet =',
          '    http.get("$base/pets/$id").body()',
        ].join('\n'),
        'src/main/kotlin/AdoptionService.kt': [
          'class AdoptionService(private val client: PetClient) {',
          '    suspend fun adopt(id: Long) {',
          '        val pet = client.fetchPet(id)',
          '        repository.save(pet)',
          '    }',
          '}',
        ].join('\n'),
      }),
      [
        'src/main/kotlin/AdoptionService.kt:3 wrapper fetchPet',
        'src/main/kotlin/PetsApiExtensions.kt:2 url {…}/pets/{…}',
        'src/main/kotlin/PetsApiExtensions.kt:6 url {…}/pets/{…}',
      ],
    );
  });

  it('TypeScript and C#: a generic method is declared with its type parameters, and called with type arguments', async () => {
    assert.deepEqual(
      await reportedIn({
        'src/api/petApi.ts': [
          'export class PetApi {',
          '  static loadOne<T>(id: number): Promise<T> {',
          '    return fetch(`/api/pets/${id}`).then((response) => response.json());',
          '  }',
          '}',
        ].join('\n'),
        'src/pages/pet.ts': [
          "import { PetApi } from '../api/petApi';",
          'export async function showPet(id: number) {',
          '  render(await PetApi.loadOne<Pet>(id));',
          '}',
        ].join('\n'),
        'Services/PetService.cs': [
          'public class PetService',
          '{',
          '    public async Task<T?> FetchOneAs<T>(int id)',
          '    {',
          '        return await _http.GetFromJsonAsync<T>($"api/pets/{id}");',
          '    }',
          '}',
        ].join('\n'),
        'ViewModels/PetViewModel.cs': [
          'public class PetViewModel',
          '{',
          '    private readonly PetService _petService;',
          '    public async Task LoadAsync(int id)',
          '    {',
          '        Pet = await _petService.FetchOneAs<PetDto>(id);',
          '    }',
          '}',
        ].join('\n'),
      }),
      [
        'Services/PetService.cs:5 url api/pets/{…}',
        'ViewModels/PetViewModel.cs:6 wrapper FetchOneAs',
        'src/api/petApi.ts:3 url /api/pets/{…}',
        'src/pages/pet.ts:3 wrapper loadOne',
      ],
    );
  });
});

import { itFindsExactly } from '../support';

describe('generated clients that build the path: Kiota builders, resource-style SDKs', () => {
  itFindsExactly([
    ['a.ts', 'const pet = await client.pets.byPetId(String(id)).get();', [1]],
    ['a.cs', 'var pet = await client.Pets[id].GetAsync();', [1]],
    ['a.go', 'pet, err := client.Pets().ByPetId(id).Get(ctx, nil)', [1]],
    ['a.py', 'pet = await client.pets.by_pet_id(pet_id).get()', [1]],
    ['A.java', 'Pet pet = client.pets().byPetId(id).get();', [1]],
    ['a.ts', 'const pet = await client.pets.retrieve(id);', [1]],
    // Split over lines, as formatters write long chains.
    ['a.ts', 'const pet = await client.pets\n  .byPetId(id)\n  .get();', [1]],
    // Not the item's read: another method, the collection, a sub-resource, a local list.
    ['a.ts', 'await client.pets.byPetId(id).delete();', []],
    ['a.cs', 'await client.Pets[id].DeleteAsync();', []],
    ['a.ts', 'const all = await client.pets.get({ queryParameters: { status } });', []],
    ['a.ts', 'const photos = await client.pets.byPetId(id).photos.get();', []],
    ['a.ts', 'const name = state.pets[i].get("name");', []],
    ['a.py', 'first = pets[0].get("name")', []],
  ]);
});

import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { projectRepository } from '../../../../../support/projectRepository';
import { DeprecationEngine } from '../../../../../../src/core/deprecations/engine';
import { migrateText } from '../../../../../../src/core/deprecations/fixes/migrateText';
import { languageOfPath } from '../../../../../../src/core/deprecations/lexers/languages';

const SERVICE = 'app/src/main/java/com/example/pets/data/PetService.kt';
const SERVICE_TEXT = [
  'package com.example.pets.data',
  '',
  'import retrofit2.Call',
  'import retrofit2.http.GET',
  'import retrofit2.http.Path',
  '',
  'interface PetService {',
  '    @GET("pets/{petId}")',
  '    fun pet(@Path("petId") petId: Long): Call<Pet>',
  '}',
  '',
].join('\n');

/** The Kotlin Retrofit rewrite of the service in a repository holding `files` besides it. */
function migrated(files: Record<string, string>) {
  const root = projectRepository('kotlin-retrofit-', { [SERVICE]: SERVICE_TEXT, ...files });
  try {
    const path = join(root, SERVICE);
    const text = readFileSync(path, 'utf8');
    const language = languageOfPath(path)!;
    return migrateText({ path, text, language }, new DeprecationEngine().scan(text, language));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

describe('Kotlin Retrofit: the method becomes an extension function only where its callers find it', () => {
  it('is rewritten when every caller is in the interface’s package or imports all of it', () => {
    const result = migrated({
      'app/src/main/java/com/example/pets/data/PetRepository.kt':
        'package com.example.pets.data\n\nclass PetRepository(private val api: PetService) {\n    fun load(id: Long) = api.pet(id).execute()\n}\n',
      'app/src/main/java/com/example/pets/ui/PetScreen.kt':
        'package com.example.pets.ui\n\nimport com.example.pets.data.*\n\nfun show(api: PetService) = api.pet(1L)\n',
      'app/src/main/java/com/example/pets/data/Pet.kt':
        'package com.example.pets.data\n\ndata class Pet(val id: Long, val name: String)\n',
    });
    assert.deepEqual(result.manual, []);
    assert.match(result.next, /\nfun PetService\.pet\(petId: Long\): Call<Pet> \{/);
  });

  const left = (files: Record<string, string>) => {
    const result = migrated(files);
    assert.equal(result.next, SERVICE_TEXT, 'the file is left whole');
    assert.equal(result.manual.length, 1);
    return result.manual[0]!.reason;
  };

  it('is left, naming the caller, when one in another package would need an import', () => {
    const reason = left({
      'app/src/main/java/com/example/pets/ui/PetScreen.kt':
        'package com.example.pets.ui\n\nimport com.example.pets.data.PetService\n\nfun show(api: PetService) = api.pet(1L)\n',
    });
    assert.match(reason, /PetScreen\.kt calls pet from another package/);
  });

  it('is left when Java calls it, or a class implements it (a fake in a test)', () => {
    assert.match(
      left({
        'app/src/main/java/com/example/pets/PetActivity.java':
          'package com.example.pets;\nclass PetActivity { void load(PetService api) { api.pet(1L); } }\n',
      }),
      /PetActivity\.java calls pet from Java/,
    );
    assert.match(
      left({
        'app/src/test/java/com/example/pets/data/FakePetService.kt':
          'package com.example.pets.data\n\nclass FakePetService : PetService {\n    override fun pet(petId: Long): Call<Pet> = TODO()\n}\n',
      }),
      /FakePetService\.kt implements pet/,
    );
  });

  it('is left when the pet’s type has no id to compare', () => {
    assert.match(
      left({
        'app/src/main/java/com/example/pets/data/Pet.kt':
          'package com.example.pets.data\n\ndata class Pet(val petNumber: Long, val name: String)\n',
      }),
      /Pet \(.*Pet\.kt\) has no id to compare/,
    );
  });

  it('is left outside a git repository, where callers in other folders cannot be searched', () => {
    const root = projectRepository('kotlin-retrofit-', { [SERVICE]: SERVICE_TEXT });
    try {
      rmSync(join(root, '.git'), { recursive: true });
      const path = join(root, SERVICE);
      const language = languageOfPath(path)!;
      const result = migrateText(
        { path, text: SERVICE_TEXT, language },
        new DeprecationEngine().scan(SERVICE_TEXT, language),
      );
      assert.equal(result.next, SERVICE_TEXT);
      assert.match(result.manual[0]?.reason ?? '', /not in a git repository/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('is left for Retrofit before 2.8, whose Call has no timeout() to override', () => {
    assert.match(
      left({
        'app/build.gradle':
          "dependencies {\n    implementation 'com.squareup.retrofit2:retrofit:2.5.0'\n}\n",
      }),
      /Retrofit before 2\.8/,
    );
  });
});

import assert from 'node:assert/strict';
import { reportedIn } from './projectScan';

/**
 * Test frameworks and hooks hand a function literal to a call (`it('…', function () { … })`,
 * `t.Run("…", func(t *testing.T) { … })`, `test("…") { … }`): the request inside is found, and the
 * call that takes the closure is not a function whose other calls reach it.
 */
describe('a call that takes a closure is not a definition', () => {
  it('PHP (Pest): the request in one test is found, the other it() calls are not', async () => {
    assert.deepEqual(
      await reportedIn({
        'tests/Feature/PetTest.php': [
          '<?php',
          'function ownerWithHome(): array',
          '{',
          '    $home = Home::factory()->create();',
          '    return [User::factory()->create(), $home];',
          '}',
          '',
          "it('lists the pets of the home', function () {",
          '    [$owner] = ownerWithHome();',
          "    $this->actingAs($owner)->getJson('/api/pets')->assertOk();",
          '});',
          '',
          "it('shows one pet', function () {",
          '    [$owner] = ownerWithHome();',
          '    $pet = Pet::factory()->create();',
          '    Http::withToken($owner->token)->get("{$base}/api/pets/{$pet->id}")->throw();',
          '});',
          '',
          "it('deletes a pet', function () {",
          '    [$owner] = ownerWithHome();',
          "    $this->actingAs($owner)->deleteJson('/api/pets/1')->assertNoContent();",
          '});',
        ].join('\n'),
      }),
      ['tests/Feature/PetTest.php:16 url {…}/api/pets/{…}'],
    );
  });

  it('JavaScript (Mocha, no semicolons): function literals handed to describe() and it()', async () => {
    assert.deepEqual(
      await reportedIn({
        'test/pets.spec.js': [
          "const api = require('./api')",
          "describe('pets', function () {",
          "  it('lists pets', function () {",
          "    return api.get('/pets').then((res) => assert.equal(res.status, 200))",
          '  })',
          '',
          "  it('reads one pet', function () {",
          '    return api.get(`/pets/${pet.id}`).then((res) => assert.equal(res.status, 200))',
          '  })',
          '',
          "  it('reads it again', function () {",
          '    return api.get(`/pets/${pet.id}`).then((res) => assert.equal(res.status, 200))',
          '  })',
          '})',
        ].join('\n'),
      }),
      ['test/pets.spec.js:12 url /pets/{…}', 'test/pets.spec.js:8 url /pets/{…}'],
    );
  });

  it('Dart: a closure handed to test() and group()', async () => {
    assert.deepEqual(
      await reportedIn({
        'test/pet_api_test.dart': [
          'void main() {',
          "  group('pets', () {",
          "    test('reads one', () async {",
          "      final response = await http.get(Uri.parse('$base/pets/1'));",
          '      expect(response.statusCode, 200);',
          '    });',
          "    test('reads the list', () async {",
          "      final response = await http.get(Uri.parse('$base/pets'));",
          '      expect(response.statusCode, 200);',
          '    });',
          '  });',
          '}',
        ].join('\n'),
      }),
      ['test/pet_api_test.dart:4 url {…}/pets/1'],
    );
  });

  it('JavaScript (jQuery): a handler handed to a call in a chain, `$(…).click(function () {`', async () => {
    assert.deepEqual(
      await reportedIn({
        'static/js/rest_api.js': [
          '$(function () {',
          '    $("#retrieve-btn").click(function () {',
          '        let pet_id = $("#pet_id").val();',
          '        $("#flash_message").empty();',
          '        $.ajax({',
          '            type: "GET",',
          '            url: `/pets/${pet_id}`,',
          '        }).done(function (res) {',
          '            $("#pet_name").val(res.name);',
          '        });',
          '    });',
          '});',
        ].join('\n'),
      }),
      ['static/js/rest_api.js:7 url /pets/{…}'],
    );
  });

  it('a named function declared in the test file is still a wrapper its tests call', async () => {
    assert.deepEqual(
      await reportedIn({
        'tests/Feature/PetTest.php': [
          '<?php',
          'function showPet($owner, int $id)',
          '{',
          '    return Http::withToken($owner->token)->get("{$base}/api/pets/{$id}");',
          '}',
          '',
          "it('shows one pet', function () {",
          '    showPet(User::first(), 7)->assertOk();',
          '});',
        ].join('\n'),
      }),
      [
        'tests/Feature/PetTest.php:4 url {…}/api/pets/{…}',
        'tests/Feature/PetTest.php:8 wrapper showPet',
      ],
    );
  });
});

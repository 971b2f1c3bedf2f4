import assert from 'node:assert/strict';
import { reportedIn } from '../crossFile/projectScan';
import { itFindsExactly } from '../support';
import { ELIXIR_CASES, SCALA_CASES } from './elixirScalaCases';

describe('deprecated getPet finder: Elixir and Scala', () => {
  describe('Elixir', () => itFindsExactly(ELIXIR_CASES));
  describe('Scala', () => itFindsExactly(SCALA_CASES));
});

describe('Elixir and Scala: calls through their functions, across files', () => {
  it('Elixir: a module’s function called through its alias, piped or not; a test block is no function', async () => {
    assert.deepEqual(
      await reportedIn({
        'lib/pets/client.ex': [
          'defmodule Pets.PetApi.Client do',
          '  use Tesla',
          '  def fetch_pet(id) do',
          '    "/pets/#{id}"',
          '    |> get()',
          '  end',
          'end',
        ].join('\n'),
        'lib/pets/adoption.ex': [
          'defmodule Pets.Adoption do',
          '  alias Pets.PetApi.Client',
          '  def call(id) do',
          '    id',
          '    |> Client.fetch_pet()',
          '    |> adopt()',
          '  end',
          'end',
        ].join('\n'),
        'test/pets/client_test.exs': [
          'defmodule Pets.PetApi.ClientTest do',
          '  use ExUnit.Case',
          '  alias Pets.PetApi.Client',
          '  test "reads a pet" do',
          '    assert {:ok, _} = Client.fetch_pet(1)',
          '  end',
          'end',
        ].join('\n'),
      }),
      [
        'lib/pets/adoption.ex:5 wrapper fetch_pet',
        'lib/pets/client.ex:4 url /pets/{…}',
        'test/pets/client_test.exs:5 wrapper fetch_pet',
      ],
    );
  });

  it('Scala: a client class’s method, called through an instance of it', async () => {
    assert.deepEqual(
      await reportedIn({
        'src/main/scala/contract/PetClient.scala': [
          'class PetClient(baseUrl: String) {',
          '  def fetchPet(id: Int): Either[String, Pet] = {',
          '    val response = basicRequest.get(uri"$baseUrl/pets/$id").send(backend)',
          '    decode[Pet](response.body.getOrElse(""))',
          '  }',
          '}',
        ].join('\n'),
        'src/main/scala/contract/Adoption.scala': [
          'object Adoption {',
          '  private val petClient = new PetClient(sys.env("PETS_URL"))',
          '  def adopt(id: Int) = petClient.fetchPet(id).map(_.adopted)',
          '}',
        ].join('\n'),
      }),
      [
        'src/main/scala/contract/Adoption.scala:3 wrapper fetchPet',
        'src/main/scala/contract/PetClient.scala:3 url {…}/pets/{…}',
      ],
    );
  });
});

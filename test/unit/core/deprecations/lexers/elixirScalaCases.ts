import type { Case } from '../support';

/** Elixir (Tesla, Req, HTTPoison, Finch, Phoenix's ConnTest, openapi-generator's Tesla client). */
export const ELIXIR_CASES: Case[] = [
  // Tesla: a path piped into the verb, with the BaseUrl middleware.
  [
    'client.ex',
    'defmodule Pets.Client do\n  use Tesla\n  plug Tesla.Middleware.BaseUrl, "https://petstore.example.com/v1"\n  def pet(name) do\n    "/pets/#{name}"\n    |> get()\n    |> handle()\n  end\nend',
    [5],
  ],
  ['client.ex', 'def remove(id), do: "/pets/#{id}" |> delete()', []],
  // Tesla's path parameters, filled by the call.
  [
    'client.ex',
    'def pet(client, id) do\n  Tesla.get(client, "/pets/:pet_id", opts: [path_params: [pet_id: id]])\nend',
    [2],
  ],
  // Req, HTTPoison, Finch: `<>` joins strings; interpolation; a verb atom first.
  ['client.ex', 'def pet(id), do: Req.get!(base_url() <> "/pets/#{id}").body', [1]],
  ['client.ex', 'def pet(id), do: Req.delete!(base_url() <> "/pets/#{id}")', []],
  ['client.ex', 'def pet(id), do: HTTPoison.get("#{@base}/pets/#{id}")', [1]],
  [
    'client.ex',
    'def pet(id) do\n  Finch.build(:get, "#{@base}/pets/#{id}") |> Finch.request(MyFinch)\nend',
    [2],
  ],
  ['client.ex', 'def rm(id), do: Finch.build(:delete, "#{@base}/pets/#{id}")', []],
  // openapi-generator's Tesla client: the method in the pipeline's stage before the URL.
  [
    'pets.ex',
    'def show_pet_by_id(connection, pet_id, _opts \\\\ []) do\n  request =\n    %{}\n    |> method(:get)\n    |> url("/pets/#{pet_id}")\n    |> Enum.into([])\n  connection |> Connection.request(request)\nend',
    [5],
  ],
  [
    'pets.ex',
    'def delete_pet(connection, pet_id) do\n  %{}\n  |> method(:delete)\n  |> url("/pets/#{pet_id}")\nend',
    [],
  ],
  [
    'pets.ex',
    'def pet(client, id) do\n  Tesla.request(client,\n    method: :get,\n    url: "/pets/#{id}"\n  )\nend',
    [4],
  ],
  // Phoenix ConnTest: verified routes in tests, inside test … do blocks and fn closures.
  [
    'pet_controller_test.exs',
    'test "shows the pet", %{conn: conn} do\n  conn = get(conn, ~p"/api/pets/#{id}")\n  assert_error_sent 404, fn -> get(conn, ~p"/api/pets/#{pet}") end\n  conn = delete(conn, ~p"/api/pets/#{id}")\nend',
    [2, 3],
  ],
  // Documentation, a Location header, comments, charlists and other sigils: not requests.
  [
    'pet_controller.ex',
    '@moduledoc """\nGET /pets/#{id} returns one pet.\n"""\ndef create(conn, pet) do\n  conn |> put_resp_header("location", ~p"/api/pets/#{pet}")\nend\n# GET /pets/1\n@pattern ~r/pets\\/(\\d+)/',
    [],
  ],
];

/** Scala (sttp, http4s's client and routes, Akka and Pekko HTTP). */
export const SCALA_CASES: Case[] = [
  // sttp: the uri interpolator.
  [
    'UserClient.scala',
    'class UserClient(baseUrl: String) {\n  def get(id: Int) =\n    basicRequest\n      .get(uri"$baseUrl/pets/$id")\n      .send(backend)\n}',
    [4],
  ],
  [
    'UserClient.scala',
    'def rm(id: Int) = basicRequest.delete(uri"$baseUrl/pets/$id").send(backend)',
    [],
  ],
  [
    'UserClient.scala',
    'def one(id: Int) = quickRequest.get(uri"${config.base}/pets/${id}").send(backend)',
    [1],
  ],
  // http4s: the path DSL joins segments with `/`.
  [
    'ClientResources.scala',
    'def find(id: Pet.Id): F[Option[Pet]] =\n  client.expectOption[Pet](\n    Request[F](Method.GET, baseURI / "pets" / id.toLong.toString)\n  )',
    [3],
  ],
  [
    'ClientResources.scala',
    'client.expect[Pet.Id](Request[F](Method.POST, baseURI / "pets").withEntity(pet))',
    [],
  ],
  [
    'ClientResources.scala',
    'client.expect[Unit](Request[F](Method.DELETE, baseURI / "pets" / id.toString))',
    [],
  ],
  // http4s's and Akka's routes serve the path: hints.
  [
    'Routes.scala',
    'HttpRoutes.of[F] {\n  case GET -> Root / "pets" / IntVar(id) => Ok(id)\n}',
    [2],
  ],
  [
    'Routes.scala',
    'val route = path("pets" / LongNumber) { id =>\n  get { complete(repo.find(id)) }\n}',
    [1],
  ],
  // Akka / Pekko HTTP client.
  [
    'Client.scala',
    'def pet(id: Long) = Http().singleRequest(HttpRequest(uri = s"$base/pets/$id"))',
    [1],
  ],
  [
    'Client.scala',
    'def rm(id: Long) = Http().singleRequest(HttpRequest(method = HttpMethods.DELETE, uri = s"$base/pets/$id"))',
    [],
  ],
  // Comments and messages.
  ['Client.scala', '// GET /pets/1\n/* GET /pets/2 */\nprintln(s"fetching /pets/$id")', []],
];

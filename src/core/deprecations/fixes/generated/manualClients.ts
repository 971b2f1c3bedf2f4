/**
 * Generated clients whose calls are left for a person: the reason (what the rewrite cannot do
 * faithfully, the generator assumed), the advice to regenerate, and a snippet of the helper for
 * that generator: the same client's list operation for each status, the pet whose id matches
 * exactly, and the 404 the client answers where the language lets code outside it build one.
 */
import { styled } from '../fileStyle';
import { helperDocLines } from '../helperDoc';
import { LIST_LIMIT } from '../replacement';
import type { Rewrite, RequestSite } from '../rewriter';
import { listChoiceFor, listParameters } from './listOperation';
import { REGENERATE } from './regenerate';
import { surroundingsOf } from './workspaceFiles';

interface ManualClient {
  reason: string;
  /** Lines with two spaces a level (`styled` makes them the file's). */
  lines: string[];
  /** Whether quotes may be swapped for the file's (JavaScript, Python, PHP, Ruby, Dart). */
  swapQuotes?: boolean;
}

const doc = (mark: string, answers: string[]) =>
  helperDocLines(answers).map((line) => `${mark}${line}`);

/** The rewrite of a call of a generated client in `site`'s language: always for a person. */
export function manualRewrite(site: RequestSite): Rewrite {
  const client = manualClient(site);
  // What the client's own document says first, when its list cannot filter by status: then no
  // helper over this client will do, and regenerating from the API's document is the way.
  const choice = listChoiceFor(undecorated(site.finding.detail), surroundingsOf(site.path));
  const list = choice.document ? listParameters(choice) : undefined;
  const first = list && 'problem' in list ? `${list.problem}; and ` : '';
  return {
    manual: `${first}${client.reason}. ${REGENERATE}`,
    snippet: styled(client.lines, site.style, { swapQuotes: client.swapQuotes ?? false }),
  };
}

/** An operation's name without a generator's decorations: `FindPetByIDWithResponse` → `FindPetByID`. */
function undecorated(name: string): string {
  return name.replace(/(?:WithResponse|WithHttpInfo|_with_http_info|Async|Raw|Execute)$/, '');
}

function manualClient(site: RequestSite): ManualClient {
  const detail = site.finding.detail;
  switch (site.language.family) {
    case 'go':
      // oapi-codegen's ClientWithResponses: `GetPetWithResponse(ctx, id)` answers a response
      // whose JSON200 or JSON404 is set, never an error for a 404.
      if (/WithResponse$/.test(detail))
        return {
          reason: `oapi-codegen's client answers a 404 of ${detail} with a response (its status 404, JSON200 nil), not an error: the helper below lists each status with ListPetsWithResponse and answers the same way; its parameter and status types are named as your document names them`,
          lines: [
            `// resp, err := getPetFromList(ctx, client, petID)`,
            ...doc('// ', [
              'Answers as the generated client did: a response with the pet (JSON200), or one with',
              'status 404 and no pet when no list holds it; a list request that fails answers as before.',
            ]),
            'func getPetFromList(ctx context.Context, client *api.ClientWithResponses, petID int64) (*api.GetPetResponse, error) {',
            `  limit := ${LIST_LIMIT}`,
            '  for _, status := range []api.PetStatus{"available", "pending", "sold"} {',
            '    status := status',
            '    list, err := client.ListPetsWithResponse(ctx, &api.ListPetsParams{Status: &status, Limit: &limit})',
            '    if err != nil || list.JSON200 == nil {',
            '      return &api.GetPetResponse{Body: list.Body, HTTPResponse: list.HTTPResponse}, err',
            '    }',
            '    for i := range *list.JSON200 {',
            '      if pet := (*list.JSON200)[i]; pet.Id == petID { // int64: exact',
            '        return &api.GetPetResponse{Body: list.Body, HTTPResponse: list.HTTPResponse, JSON200: &pet}, nil',
            '      }',
            '    }',
            '  }',
            '  return &api.GetPetResponse{HTTPResponse: &http.Response{StatusCode: http.StatusNotFound, Status: "404 Not Found"}}, nil',
            '}',
          ],
        };
      return {
        reason: `openapi-generator's Go client (assumed) answers a 404 of ${detail} with a *GenericOpenAPIError, which only its own package can build: the helper below lists each status with ListPets, and its not-found answer must be the one your 404 check expects`,
        lines: [
          `// pet, resp, err := getPetFromList(ctx, client.PetsAPI, petID)`,
          ...doc('// ', [
            'Answers with the pet, or a nil pet and an error when no list holds it; a list request',
            'that fails answers its error as before.',
          ]),
          'func getPetFromList(ctx context.Context, api *openapi.PetsAPIService, petID int64) (*openapi.Pet, *http.Response, error) {',
          '  var resp *http.Response',
          '  for _, status := range []openapi.PetStatus{"available", "pending", "sold"} {',
          `    pets, r, err := api.ListPets(ctx).Status(status).Limit(${LIST_LIMIT}).Execute()`,
          '    if err != nil {',
          '      return nil, r, err',
          '    }',
          '    resp = r',
          '    for i := range pets {',
          '      if pets[i].GetId() == petID { // int64: exact',
          '        return &pets[i], r, nil',
          '      }',
          '    }',
          '  }',
          '  return nil, resp, fmt.Errorf("404 Not Found: no pet %d in the first 100 pets of any status", petID)',
          '}',
        ],
      };
    case 'java':
      return {
        reason: `a generated Java client's ${detail}: its library (okhttp-gson, native, resttemplate, webclient, feign...) decides the list call's types and the 404's exception; the snippet assumes openapi-generator's okhttp-gson (ApiException with code 404)`,
        lines: [
          '// Pet pet = getPetFromList(petsApi, petId);',
          '/**',
          ...doc(' * ', [
            'Answers as the generated client did: the pet, or its ApiException with code 404 when no',
            'list holds it; a list request that fails throws as before.',
          ]),
          ' */',
          'private static Pet getPetFromList(PetsApi api, long petId) throws ApiException {',
          '  for (PetStatus status : PetStatus.values()) {',
          `    for (Pet pet : api.listPets(${LIST_LIMIT}, status)) {`,
          '      if (pet.getId() != null && pet.getId() == petId) {',
          '        return pet;',
          '      }',
          '    }',
          '  }',
          '  throw new ApiException(404, "Not Found");',
          '}',
        ],
      };
    case 'kotlin':
      return {
        reason: `a generated Kotlin client's ${detail}: the snippet assumes openapi-generator's kotlin client (jvm-okhttp4), which throws ClientException with statusCode 404`,
        lines: [
          '// val pet = getPetFromList(petsApi, petId)',
          '/**',
          ...doc(' * ', [
            'Answers as the generated client did: the pet, or its ClientException with statusCode 404',
            'when no list holds it; a list request that fails throws as before.',
          ]),
          ' */',
          'fun getPetFromList(api: PetsApi, petId: Long): Pet {',
          '  for (status in PetStatus.values()) {',
          `    api.listPets(limit = ${LIST_LIMIT}, status = status).firstOrNull { it.id == petId }?.let { return it }`,
          '  }',
          '  throw ClientException("Client error : 404 Not Found", 404, null)',
          '}',
        ],
      };
    case 'csharp':
      return detail.includes('[')
        ? {
            reason: `a Kiota client's ${detail}: its 404 answer depends on the error mappings generated from the document`,
            lines: [
              '// var pet = await GetPetFromListAsync(client, petId);',
              ...doc('/// ', ['Answers with the pet, or null when no list holds it.']),
              'static async Task<Pet?> GetPetFromListAsync(ApiClient client, long petId)',
              '{',
              '  foreach (var status in new[] { PetStatus.Available, PetStatus.Pending, PetStatus.Sold })',
              '  {',
              `    var pets = await client.Pets.GetAsync(config => { config.QueryParameters.Status = status; config.QueryParameters.Limit = ${LIST_LIMIT}; });`,
              '    var pet = pets?.FirstOrDefault(candidate => candidate.Id == petId);',
              '    if (pet != null) return pet;',
              '  }',
              '  return null;',
              '}',
            ],
          }
        : {
            reason: `a generated C# client's ${detail}: NSwag and openapi-generator answer a 404 with different ApiExceptions; the snippet assumes NSwag's (StatusCode 404)`,
            lines: [
              '// var pet = await GetPetFromListAsync(client, petId);',
              ...doc('/// ', [
                'Answers as the generated client did: the pet, or its ApiException with StatusCode 404',
                'when no list holds it; a list request that fails throws as before.',
              ]),
              'static async Task<Pet> GetPetFromListAsync(Client client, long petId)',
              '{',
              '  foreach (var status in new[] { PetStatus.Available, PetStatus.Pending, PetStatus.Sold })',
              '  {',
              `    var pets = await client.ListPetsAsync(${LIST_LIMIT}, status);`,
              '    var pet = pets.FirstOrDefault(candidate => candidate.Id == petId);',
              '    if (pet != null) return pet;',
              '  }',
              '  throw new ApiException("Not Found", 404, null, new Dictionary<string, IEnumerable<string>>(), null);',
              '}',
            ],
          };
    case 'php':
      return {
        reason: `a generated PHP client's ${detail}: the snippet assumes openapi-generator's php client (ApiException with code 404)`,
        swapQuotes: true,
        lines: [
          '// $pet = getPetFromList($petsApi, $petId);',
          '/**',
          ...doc(' * ', [
            'Answers as the generated client did: the pet, or its ApiException with code 404 when no',
            'list holds it; a list request that fails throws as before.',
          ]),
          ' */',
          'function getPetFromList($api, $petId)',
          '{',
          "  foreach (['available', 'pending', 'sold'] as $status) {",
          `    foreach ($api->listPets(${LIST_LIMIT}, $status) as $pet) {`,
          '      if ((string) $pet->getId() === (string) $petId) {',
          '        return $pet;',
          '      }',
          '    }',
          '  }',
          "  throw new \\OpenAPI\\Client\\ApiException('[404] Not Found', 404);",
          '}',
        ],
      };
    case 'ruby':
      return {
        reason: `a generated Ruby client's ${detail}: the snippet assumes openapi-generator's ruby client (ApiError with code 404)`,
        swapQuotes: true,
        lines: [
          '# pet = get_pet_from_list(pets_api, pet_id)',
          ...doc('# ', [
            'Answers as the generated client did: the pet, or its ApiError with code 404 when no',
            'list holds it; a list request that fails raises as before.',
          ]),
          'def get_pet_from_list(api, pet_id)',
          '  %w[available pending sold].each do |status|',
          `    pet = api.list_pets(limit: ${LIST_LIMIT}, status: status).find { |candidate| candidate.id.to_s == pet_id.to_s }`,
          '    return pet if pet',
          '  end',
          "  raise OpenapiClient::ApiError.new(code: 404, message: 'Not Found')",
          'end',
        ],
      };
    case 'dart':
      return {
        reason: `a generated Dart client's ${detail}: the snippet assumes openapi-generator's dart client (ApiException with code 404)`,
        swapQuotes: true,
        lines: [
          '// final pet = await getPetFromList(petsApi, petId);',
          ...doc('/// ', [
            'Answers as the generated client did: the pet, or its ApiException with code 404 when no',
            'list holds it; a list request that fails throws as before.',
          ]),
          'Future<Pet> getPetFromList(PetsApi api, int petId) async {',
          '  for (final status in PetStatus.values) {',
          `    final pets = await api.listPets(limit: ${LIST_LIMIT}, status: status) ?? const <Pet>[];`,
          '    for (final pet in pets) {',
          '      if (pet.id == petId) return pet;',
          '    }',
          '  }',
          "  throw ApiException(404, 'Not Found');",
          '}',
        ],
      };
    case 'swift':
      return {
        reason: `a generated Swift client's ${detail}: the snippet assumes openapi-generator's swift5 client; its 404 (ErrorResponse.error(404, …)) carries the URLSession's response, which code outside it cannot rebuild`,
        lines: [
          '// let pet = try await getPetFromList(petId: petId)',
          ...doc('/// ', [
            'Answers with the pet, or nil when no list holds it; a list request that fails throws as',
            'before.',
          ]),
          'func getPetFromList(petId: Int64) async throws -> Pet? {',
          '  for status in [PetStatus.available, .pending, .sold] {',
          `    let pets = try await PetsAPI.listPets(limit: ${LIST_LIMIT}, status: status)`,
          '    if let pet = pets.first(where: { $0.id == petId }) { return pet }',
          '  }',
          '  return nil',
          '}',
        ],
      };
    case 'rust':
      return {
        reason: `a generated Rust client's ${detail}: the snippet assumes openapi-generator's rust client; its 404 (Error::ResponseError) holds the reqwest response's parts, which code outside it cannot rebuild`,
        lines: [
          '// let pet = get_pet_from_list(&configuration, pet_id).await?;',
          ...doc('/// ', [
            'Answers with the pet, or None when no list holds it; a list request that fails answers',
            'its error as before.',
          ]),
          'async fn get_pet_from_list(configuration: &Configuration, pet_id: i64) -> Result<Option<Pet>, Error<ListPetsError>> {',
          '  for status in [PetStatus::Available, PetStatus::Pending, PetStatus::Sold] {',
          `    let pets = pets_api::list_pets(configuration, Some(${LIST_LIMIT}), Some(status)).await?;`,
          '    if let Some(pet) = pets.into_iter().find(|pet| pet.id == pet_id) {',
          '      return Ok(Some(pet));',
          '    }',
          '  }',
          '  Ok(None)',
          '}',
        ],
      };
    default:
      return {
        reason: `a generated client's ${detail}: no rewrite knows this language's generators`,
        lines: [
          `# Call the client's listPets(limit=${LIST_LIMIT}, status=…) for each status and take the pet whose id is the one asked for.`,
        ],
      };
  }
}

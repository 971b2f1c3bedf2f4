import assert from 'node:assert/strict';
import { reportedIn } from '../crossFile/projectScan';

/**
 * The collection in a client's base URL, the id as the whole path of a request: the request is
 * judged as the base and the path joined.
 */
describe('the collection in a base URL, the id as the whole path', () => {
  it('RTK Query: fetchBaseQuery’s baseUrl and an endpoint’s query; its generated hook is a call', async () => {
    assert.deepEqual(
      await reportedIn({
        'src/api/pets.ts': [
          "import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';",
          'export const petsApi = createApi({',
          "  reducerPath: 'pets',",
          '  baseQuery: fetchBaseQuery({ baseUrl: `${process.env.REACT_APP_API_URL}/pets/` }),',
          '  endpoints: (builder) => ({',
          "    listPets: builder.query<Pet[], void>({ query: () => '' }),",
          '    petById: builder.query<Pet, string>({',
          '      query: (id) => `${id}`,',
          '    }),',
          '    removePet: builder.mutation<void, string>({',
          "      query: (id) => ({ url: `/${id}`, method: 'DELETE' }),",
          '    }),',
          '  }),',
          '});',
          'export const { usePetByIdQuery } = petsApi;',
        ].join('\n'),
        'src/pages/PetProfile.tsx': [
          "import { usePetByIdQuery } from '../api/pets';",
          'export function PetProfile({ id }: { id: string }) {',
          '  const { data } = usePetByIdQuery(id);',
          '  return <Card pet={data} />;',
          '}',
        ].join('\n'),
      }),
      ['src/api/pets.ts:8 url {…}/pets/{…}', 'src/pages/PetProfile.tsx:3 wrapper usePetByIdQuery'],
    );
  });

  it('JavaScript: an axios instance made for the collection, its get of `/${id}`', async () => {
    assert.deepEqual(
      await reportedIn({
        'src/api/pets.js': [
          "import axios from 'axios';",
          'const api = axios.create({',
          "  baseURL: 'http://localhost:3000/pets',",
          '});',
          'export const fetchPets = async () => (await api.get("/")).data;',
          'export const fetchPet = async (id) => (await api.get(`/${id}`)).data;',
          'export const updatePet = async (id, pet) => (await api.put(`/${id}`, pet)).data;',
          'export const deletePet = async (id) => api.delete(`/${id}`);',
        ].join('\n'),
      }),
      ['src/api/pets.js:6 url http://localhost:3000/pets/{…}'],
    );
  });

  it('Kotlin (Retrofit) and Ktor: a builder’s baseUrl or defaultRequest url, and `{id}` or "$id"', async () => {
    assert.deepEqual(
      await reportedIn({
        'app/src/main/java/data/PetService.kt': [
          'interface PetService {',
          '    @GET("random?amount=30")',
          '    suspend fun randomPets(): List<ApiPet>',
          '',
          '    @GET("{id}")',
          '    suspend fun petById(@Path("id") id: String): ApiPet',
          '',
          '    @DELETE("{id}")',
          '    suspend fun removePet(@Path("id") id: String)',
          '',
          '    companion object {',
          '        private const val BASE_URL = "https://petstore.example.com/v1/pets/"',
          '        val service: PetService = Retrofit.Builder()',
          '            .baseUrl(BASE_URL)',
          '            .addConverterFactory(GsonConverterFactory.create())',
          '            .build()',
          '            .create(PetService::class.java)',
          '    }',
          '}',
        ].join('\n'),
        'src/main/kotlin/PetsClient.kt': [
          'class PetsClient(engine: HttpClientEngine) {',
          '    private val client = HttpClient(engine) {',
          '        defaultRequest { url("https://petstore.example.com/v1/pets/") }',
          '    }',
          '    suspend fun pet(id: Long): Pet = client.get("$id").body()',
          '}',
        ].join('\n'),
      }),
      [
        'app/src/main/java/data/PetService.kt:5 url https://petstore.example.com/v1/pets/{id}',
        'src/main/kotlin/PetsClient.kt:5 url https://petstore.example.com/v1/pets/{…}',
      ],
    );
  });

  it('C# (RestSharp): the client made for the whole URL, the method and path on the request it executes', async () => {
    assert.deepEqual(
      await reportedIn({
        'Helpers/ApiHelper.cs': [
          'class ApiHelper',
          '{',
          '    public static async Task<string> Read(int id)',
          '    {',
          '        RestClient client;',
          '        if (id != 0)',
          '        {',
          '            client = new RestClient($"http://localhost:5000/api/pets/{id}");',
          '        }',
          '        else',
          '        {',
          '            client = new RestClient("http://localhost:5000/api/pets");',
          '        }',
          '        RestRequest request = new RestRequest("/", Method.GET);',
          '        return (await client.ExecuteTaskAsync(request)).Content;',
          '    }',
          '    public static async Task<string> Edit(Pet pet)',
          '    {',
          '        RestClient client = new RestClient($"http://localhost:5000/api/pets/{pet.PetId}");',
          '        RestRequest request = new RestRequest("/", Method.PUT);',
          '        return (await client.ExecuteTaskAsync(request)).Content;',
          '    }',
          '    public static async Task<string> Photos(Pet pet)',
          '    {',
          '        var client = new RestClient($"http://localhost:5000/api/pets/{pet.PetId}");',
          '        var request = new RestRequest("photos", Method.GET);',
          '        return (await client.ExecuteTaskAsync(request)).Content;',
          '    }',
          '}',
        ].join('\n'),
      }),
      ['Helpers/ApiHelper.cs:8 url http://localhost:5000/api/pets/{…}'],
    );
  });

  it('an import from another module’s path is not the wrapper’s, whatever its name', async () => {
    assert.deepEqual(
      await reportedIn({
        'web/src/api/pets.ts': [
          'export async function getPetById(id: string) {',
          '  return (await fetch(`/api/pets/${id}`)).json();',
          '}',
        ].join('\n'),
        'web/src/app/api/pets/[id]/route.ts': [
          "import { getPetById } from '@/backend/services/pets';",
          'export async function GET(request: Request, { params }: Context) {',
          '  return Response.json(await getPetById(params.id));',
          '}',
        ].join('\n'),
        'web/src/pages/pet.ts': [
          "import { getPetById } from '../api/pets';",
          'export const load = async (id: string) => getPetById(id);',
        ].join('\n'),
      }),
      ['web/src/api/pets.ts:2 url /api/pets/{…}', 'web/src/pages/pet.ts:2 wrapper getPetById'],
    );
  });
});

/**
 * The replacement of GET /pets/{petId}, written out in each language the finder reads: list the
 * pet's status (or each status in turn) with the largest page, take the pet whose int64 id equals
 * the one looked for, and behave as the old 404 when no list holds it.
 */
import { languageNameOfPath } from '../migration/languageNames';

export type ExampleLanguage =
  | 'typescript'
  | 'javascript'
  | 'python'
  | 'go'
  | 'java'
  | 'kotlin'
  | 'csharp'
  | 'ruby'
  | 'php'
  | 'rust'
  | 'dart'
  | 'swift'
  | 'shell'
  | 'http';

export interface ReplacementExample {
  /** The language's name in a heading. */
  title: string;
  /** The Markdown fence's info string (its syntax colouring). */
  fence: string;
  code: string;
  /** What the example needs or how it keeps an int64 id exact, when the language does not by itself. */
  note?: string;
}

/** VS Code's language ids (and the finder's file names) to the example shown. */
const BY_LANGUAGE_ID: Record<string, ExampleLanguage> = {
  typescript: 'typescript',
  typescriptreact: 'typescript',
  javascript: 'javascript',
  javascriptreact: 'javascript',
  vue: 'javascript',
  svelte: 'javascript',
  html: 'javascript',
  python: 'python',
  go: 'go',
  java: 'java',
  kotlin: 'kotlin',
  csharp: 'csharp',
  ruby: 'ruby',
  php: 'php',
  rust: 'rust',
  dart: 'dart',
  swift: 'swift',
  shellscript: 'shell',
  makefile: 'shell',
  dockerfile: 'shell',
  http: 'http',
};

const BY_LANGUAGE_NAME: Record<string, ExampleLanguage> = {
  TypeScript: 'typescript',
  JavaScript: 'javascript',
  Vue: 'javascript',
  Svelte: 'javascript',
  HTML: 'javascript',
  Python: 'python',
  Go: 'go',
  Java: 'java',
  Kotlin: 'kotlin',
  'C#': 'csharp',
  Ruby: 'ruby',
  PHP: 'php',
  Rust: 'rust',
  Dart: 'dart',
  Swift: 'swift',
  Shell: 'shell',
  Make: 'shell',
  Dockerfile: 'shell',
  'HTTP requests': 'http',
};

export function isExampleLanguage(value: unknown): value is ExampleLanguage {
  return typeof value === 'string' && Object.hasOwn(EXAMPLES, value);
}

/**
 * The example for a document: by the editor's language id, else by its file name (a `.http` file
 * opens as plain text without REST Client); an HTTP request when neither says.
 */
export function exampleLanguageOf(languageId: string | undefined, path: string): ExampleLanguage {
  const byId = languageId === undefined ? undefined : BY_LANGUAGE_ID[languageId];
  return byId ?? BY_LANGUAGE_NAME[languageNameOfPath(path)] ?? 'http';
}

export function replacementExample(language: ExampleLanguage): ReplacementExample {
  return EXAMPLES[language];
}

const NOT_FOUND = 'at most 100 pets per status: a pet beyond them is not found either';

const EXAMPLES: Record<ExampleLanguage, ReplacementExample> = {
  typescript: {
    title: 'TypeScript',
    fence: 'ts',
    note: 'JSON.parse rounds ids beyond 2^53; [lossless-json](https://www.npmjs.com/package/lossless-json) reads them as exact `bigint`s.',
    code: `import { parse } from 'lossless-json';

const STATUSES = ['available', 'pending', 'sold'] as const;
type PetStatus = (typeof STATUSES)[number];
interface Pet { id: bigint; name: string; categoryId: bigint; status?: PetStatus }

/** The pet with this id, or undefined where GET /pets/{petId} answered 404. */
export async function findPet(baseUrl: string, apiKey: string, id: bigint, status?: PetStatus): Promise<Pet | undefined> {
  for (const each of status ? [status] : STATUSES) {
    const response = await fetch(\`\${baseUrl}/pets?status=\${each}&limit=100\`, {
      headers: { Authorization: \`Bearer \${apiKey}\` },
    });
    if (!response.ok) throw new Error(\`GET /pets answered \${response.status}\`);
    const pets = parse(await response.text(), undefined, (digits) => BigInt(digits)) as Pet[];
    const pet = pets.find((candidate) => candidate.id === id);
    if (pet) return pet;
  }
  return undefined; // ${NOT_FOUND}
}`,
  },
  javascript: {
    title: 'JavaScript',
    fence: 'js',
    note: 'JSON.parse rounds ids beyond 2^53; [lossless-json](https://www.npmjs.com/package/lossless-json) reads them as exact `BigInt`s.',
    code: `import { parse } from 'lossless-json';

const STATUSES = ['available', 'pending', 'sold'];

/** The pet with this id (a BigInt), or undefined where GET /pets/{petId} answered 404. */
export async function findPet(baseUrl, apiKey, id, status) {
  for (const each of status ? [status] : STATUSES) {
    const response = await fetch(\`\${baseUrl}/pets?status=\${each}&limit=100\`, {
      headers: { Authorization: \`Bearer \${apiKey}\` },
    });
    if (!response.ok) throw new Error(\`GET /pets answered \${response.status}\`);
    const pets = parse(await response.text(), undefined, (digits) => BigInt(digits));
    const pet = pets.find((candidate) => candidate.id === id);
    if (pet) return pet;
  }
  return undefined; // ${NOT_FOUND}
}`,
  },
  python: {
    title: 'Python',
    fence: 'python',
    code: `import requests

STATUSES = ("available", "pending", "sold")


def find_pet(base_url, api_key, pet_id, status=None):
    """The pet with this id, or None where GET /pets/{petId} answered 404."""
    for each in (status,) if status else STATUSES:
        response = requests.get(
            f"{base_url}/pets",
            params={"status": each, "limit": 100},
            headers={"Authorization": f"Bearer {api_key}"},
            timeout=10,
        )
        response.raise_for_status()
        for pet in response.json():  # Python's ints keep int64 ids exact
            if pet["id"] == pet_id:
                return pet
    return None  # ${NOT_FOUND}`,
  },
  go: {
    title: 'Go',
    fence: 'go',
    code: `type Pet struct {
	ID         int64  \`json:"id"\`
	Name       string \`json:"name"\`
	CategoryID int64  \`json:"categoryId"\`
	Status     string \`json:"status,omitempty"\`
}

// FindPet returns the pet with this id, or nil where GET /pets/{petId} answered 404.
func FindPet(client *http.Client, baseURL, apiKey string, id int64, status string) (*Pet, error) {
	statuses := []string{"available", "pending", "sold"}
	if status != "" {
		statuses = []string{status}
	}
	for _, each := range statuses {
		req, err := http.NewRequest(http.MethodGet, baseURL+"/pets?status="+each+"&limit=100", nil)
		if err != nil {
			return nil, err
		}
		req.Header.Set("Authorization", "Bearer "+apiKey)
		res, err := client.Do(req)
		if err != nil {
			return nil, err
		}
		var pets []Pet
		err = json.NewDecoder(res.Body).Decode(&pets)
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			return nil, fmt.Errorf("GET /pets answered %d", res.StatusCode)
		}
		if err != nil {
			return nil, err
		}
		for i := range pets {
			if pets[i].ID == id {
				return &pets[i], nil
			}
		}
	}
	return nil, nil // ${NOT_FOUND}
}`,
  },
  java: {
    title: 'Java',
    fence: 'java',
    note: 'With Jackson; `long` keeps int64 ids exact.',
    code: `record Pet(long id, String name, long categoryId, String status) {}

static final ObjectMapper JSON = new ObjectMapper()
        .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

/** The pet with this id, or empty where GET /pets/{petId} answered 404. */
static Optional<Pet> findPet(HttpClient http, String baseUrl, String apiKey, long id, String status)
        throws IOException, InterruptedException {
    List<String> statuses = status != null ? List.of(status) : List.of("available", "pending", "sold");
    for (String each : statuses) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + "/pets?status=" + each + "&limit=100"))
                .header("Authorization", "Bearer " + apiKey)
                .GET()
                .build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) throw new IOException("GET /pets answered " + response.statusCode());
        for (Pet pet : JSON.readValue(response.body(), new TypeReference<List<Pet>>() {})) {
            if (pet.id() == id) return Optional.of(pet);
        }
    }
    return Optional.empty(); // ${NOT_FOUND}
}`,
  },
  kotlin: {
    title: 'Kotlin',
    fence: 'kotlin',
    note: 'With kotlinx.serialization; `Long` keeps int64 ids exact.',
    code: `@Serializable
data class Pet(val id: Long, val name: String, val categoryId: Long, val status: String? = null)

private val json = Json { ignoreUnknownKeys = true }

/** The pet with this id, or null where GET /pets/{petId} answered 404. */
fun findPet(http: HttpClient, baseUrl: String, apiKey: String, id: Long, status: String? = null): Pet? {
    for (each in status?.let { listOf(it) } ?: listOf("available", "pending", "sold")) {
        val request = HttpRequest.newBuilder(URI.create("$baseUrl/pets?status=$each&limit=100"))
            .header("Authorization", "Bearer $apiKey")
            .GET()
            .build()
        val response = http.send(request, HttpResponse.BodyHandlers.ofString())
        check(response.statusCode() == 200) { "GET /pets answered \${response.statusCode()}" }
        json.decodeFromString<List<Pet>>(response.body()).firstOrNull { it.id == id }?.let { return it }
    }
    return null // ${NOT_FOUND}
}`,
  },
  csharp: {
    title: 'C#',
    fence: 'csharp',
    note: 'With System.Net.Http.Json; `long` keeps int64 ids exact.',
    code: `public record Pet(long Id, string Name, long CategoryId, string? Status);

static readonly string[] Statuses = { "available", "pending", "sold" };

/// <summary>The pet with this id, or null where GET /pets/{petId} answered 404.</summary>
static async Task<Pet?> FindPetAsync(HttpClient http, long id, string? status = null)
{
    // http.BaseAddress ends in "/v1/"; its DefaultRequestHeaders carry "Authorization: Bearer <key>".
    foreach (var each in status is null ? Statuses : new[] { status })
    {
        var pets = await http.GetFromJsonAsync<List<Pet>>($"pets?status={each}&limit=100",
            new JsonSerializerOptions(JsonSerializerDefaults.Web));
        var pet = pets?.Find(candidate => candidate.Id == id);
        if (pet is not null) return pet;
    }
    return null; // ${NOT_FOUND}
}`,
  },
  ruby: {
    title: 'Ruby',
    fence: 'ruby',
    code: `require "json"
require "net/http"

STATUSES = %w[available pending sold].freeze

# The pet with this id, or nil where GET /pets/{petId} answered 404.
def find_pet(base_url, api_key, pet_id, status = nil)
  (status ? [status] : STATUSES).each do |each|
    uri = URI("#{base_url}/pets?status=#{each}&limit=100")
    request = Net::HTTP::Get.new(uri, "Authorization" => "Bearer #{api_key}")
    response = Net::HTTP.start(uri.host, uri.port, use_ssl: uri.scheme == "https") { |http| http.request(request) }
    raise "GET /pets answered #{response.code}" unless response.is_a?(Net::HTTPSuccess)
    pet = JSON.parse(response.body).find { |candidate| candidate["id"] == pet_id } # Integers stay exact
    return pet if pet
  end
  nil # ${NOT_FOUND}
end`,
  },
  php: {
    title: 'PHP',
    fence: 'php',
    note: "PHP's integers are 64-bit: int64 ids stay exact.",
    code: `<?php
/** The pet with this id, or null where GET /pets/{petId} answered 404. */
function findPet(string $baseUrl, string $apiKey, int $id, ?string $status = null): ?array
{
    foreach ($status !== null ? [$status] : ['available', 'pending', 'sold'] as $each) {
        $curl = curl_init("$baseUrl/pets?status=$each&limit=100");
        curl_setopt_array($curl, [
            CURLOPT_RETURNTRANSFER => true,
            CURLOPT_HTTPHEADER => ["Authorization: Bearer $apiKey"],
        ]);
        $body = curl_exec($curl);
        $code = curl_getinfo($curl, CURLINFO_RESPONSE_CODE);
        curl_close($curl);
        if ($code !== 200) {
            throw new RuntimeException("GET /pets answered $code");
        }
        foreach (json_decode($body, true, 512, JSON_THROW_ON_ERROR) as $pet) {
            if ($pet['id'] === $id) {
                return $pet;
            }
        }
    }
    return null; // ${NOT_FOUND}
}`,
  },
  rust: {
    title: 'Rust',
    fence: 'rust',
    note: 'With reqwest (blocking, json) and serde; `i64` keeps int64 ids exact.',
    code: `#[derive(serde::Deserialize)]
pub struct Pet {
    pub id: i64,
    pub name: String,
    #[serde(rename = "categoryId")]
    pub category_id: i64,
    pub status: Option<String>,
}

/// The pet with this id, or None where GET /pets/{petId} answered 404.
pub fn find_pet(
    client: &reqwest::blocking::Client,
    base_url: &str,
    api_key: &str,
    id: i64,
    status: Option<&str>,
) -> reqwest::Result<Option<Pet>> {
    let statuses = match status {
        Some(status) => vec![status],
        None => vec!["available", "pending", "sold"],
    };
    for each in statuses {
        let pets: Vec<Pet> = client
            .get(format!("{base_url}/pets"))
            .query(&[("status", each), ("limit", "100")])
            .bearer_auth(api_key)
            .send()?
            .error_for_status()?
            .json()?;
        if let Some(pet) = pets.into_iter().find(|pet| pet.id == id) {
            return Ok(Some(pet));
        }
    }
    Ok(None) // ${NOT_FOUND}
}`,
  },
  dart: {
    title: 'Dart',
    fence: 'dart',
    note: "With package:http. Dart's `int` is 64-bit on the VM; compiled to JavaScript it rounds beyond 2^53.",
    code: `import 'dart:convert';
import 'package:http/http.dart' as http;

const statuses = ['available', 'pending', 'sold'];

/// The pet with this id, or null where GET /pets/{petId} answered 404.
Future<Map<String, dynamic>?> findPet(String baseUrl, String apiKey, int id, [String? status]) async {
  for (final each in status == null ? statuses : [status]) {
    final response = await http.get(
      Uri.parse('$baseUrl/pets?status=$each&limit=100'),
      headers: {'Authorization': 'Bearer $apiKey'},
    );
    if (response.statusCode != 200) throw Exception('GET /pets answered \${response.statusCode}');
    for (final pet in jsonDecode(response.body) as List<dynamic>) {
      if (pet['id'] == id) return pet as Map<String, dynamic>;
    }
  }
  return null; // ${NOT_FOUND}
}`,
  },
  swift: {
    title: 'Swift',
    fence: 'swift',
    note: '`Int64` keeps int64 ids exact.',
    code: `struct Pet: Decodable {
    let id: Int64
    let name: String
    let categoryId: Int64
    let status: String?
}

/// The pet with this id, or nil where GET /pets/{petId} answered 404.
func findPet(baseURL: URL, apiKey: String, id: Int64, status: String? = nil) async throws -> Pet? {
    for each in status.map { [$0] } ?? ["available", "pending", "sold"] {
        var components = URLComponents(url: baseURL.appendingPathComponent("pets"), resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "status", value: each), URLQueryItem(name: "limit", value: "100")]
        var request = URLRequest(url: components.url!)
        request.setValue("Bearer \\(apiKey)", forHTTPHeaderField: "Authorization")
        let (data, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw URLError(.badServerResponse) }
        if let pet = try JSONDecoder().decode([Pet].self, from: data).first(where: { $0.id == id }) {
            return pet
        }
    }
    return nil // ${NOT_FOUND}
}`,
  },
  shell: {
    title: 'Shell',
    fence: 'sh',
    note: 'With curl and jq. jq 1.7 or newer compares int64 ids exactly; jq 1.6 rounds them beyond 2^53.',
    code: `# find_pet ID [STATUS]: prints the pet; fails where GET /pets/{petId} answered 404.
find_pet() {
  for status in \${2:-available pending sold}; do
    curl -fsS -H "Authorization: Bearer $PETSTORE_API_KEY" \\
      "$PETSTORE_BASE_URL/pets?status=$status&limit=100" |
      jq -ce --argjson id "$1" '.[] | select(.id == $id)' && return 0
  done
  return 1 # ${NOT_FOUND}
}`,
  },
  http: {
    title: 'HTTP',
    fence: 'http',
    note: 'Then take the pet whose `id` equals the one you looked for; ask `pending` and `sold` in turn when the status is not known.',
    code: `@baseUrl = https://petstore.example.com/v1

### The pets of one status (at most 100: there is no other paging)
GET {{baseUrl}}/pets?status=available&limit=100
Authorization: Bearer {{apiKey}}`,
  },
};

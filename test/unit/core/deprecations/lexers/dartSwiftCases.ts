import type { Case } from '../support';

/** Dart (dio, package:http, Flutter apps, openapi-generator's dart-dio): each recogniser and judge. */
export const DART_CASES: Case[] = [
  // strings and interpolation, both quotes
  ['a.dart', "final res = await http.get(Uri.parse('$baseUrl/pets/$id'));", [1]],
  ['a.dart', 'final res = await http.get(Uri.parse("${config.base}/pets/${pet.id}"));', [1]],
  ['a.dart', "final res = await dio.get('/pets/$petId');", [1]],
  [
    'a.dart',
    "final res = await dio.get<Map<String, dynamic>>(\n  '/pets/${widget.petId}',\n);",
    [2],
  ],
  [
    'a.dart',
    "final url = '$base/pets/' + id.toString();\nfinal res = await http.get(Uri.parse(url));",
    [1],
  ],
  ['a.dart', "final res = await http.get(Uri.https(host, '/v1/pets/$id'));", [1]],
  ['a.dart', "final res = await dio.get('/pets/' '$id');", [1]],
  // multi-line and raw strings; comments
  ['a.dart', "final u = '''\n$base/pets/$id''';\nawait http.get(Uri.parse(u));", [1]],
  ['a.dart', "final res = await dio.get(r'/pets/1');", [1]],
  // raw: $id stays literal, a route parameter's spelling (TanStack's, go_router's)
  ['a.dart', "final pattern = r'/pets/$id';", []],
  [
    'a.dart',
    "// await dio.get('/pets/$id');\n/* http.get('/pets/$id') /* nested */ */\nfinal ok = 1;",
    [],
  ],
  [
    'a.dart',
    '/// Calls GET /pets/{petId}.\nFuture<Pet> load(int id) => api.getPet(petId: id);',
    [2],
  ],
  // other methods, lists, sub-resources
  ['a.dart', "await dio.delete('/pets/$id');", []],
  ['a.dart', "await http.put(Uri.parse('$base/pets/$id'), body: body);", []],
  ['a.dart', "await dio.request('/pets/$id', options: Options(method: 'DELETE'));", []],
  ['a.dart', "await dio.get('/pets', queryParameters: {'status': 'sold'});", []],
  ['a.dart', "await dio.get('/pets/$id/photos');", []],
  // segment joins
  ['a.dart', "final res = await http.get(Uri.parse([base, 'pets', id].join('/')));", [1]],
  // generated clients (openapi-generator dart-dio), and local names
  [
    'a.dart',
    'final api = Openapi().getPetApi();\nfinal response = await api.getPet(petId: 789);',
    [2],
  ],
  ['a.dart', 'final pet = await PetApi(dio, serializers).getPet(petId: id);', [1]],
  [
    'a.dart',
    'Future<Pet> getPet(int id) async {\n  return _cache[id]!;\n}\nfinal p = await getPet(1);',
    [],
  ],
  // pages, assets, messages
  ['a.dart', "Navigator.pushNamed(context, '/pets/$id');", []],
  ['a.dart', "context.go('/pets/${pet.id}');", []],
  ['a.dart', "GoRoute(path: '/pets/:id', builder: (context, state) => PetPage())", []],
  ['a.dart', "Image.asset('assets/pets/$id.png')", []],
  ['a.dart', "debugPrint('loading $base/pets/$id');\nprint('GET /pets/$id failed');", []],
  ['a.dart', "throw Exception('GET /pets/$id failed: ${res.statusCode}');", []],
];

/** Swift (URLSession, Alamofire, openapi-generator's swift5): each recogniser and judge. */
export const SWIFT_CASES: Case[] = [
  // strings and interpolation
  [
    'a.swift',
    'let url = URL(string: "\\(baseURL)/pets/\\(id)")!\nlet (data, _) = try await URLSession.shared.data(from: url)',
    [1],
  ],
  [
    'a.swift',
    'let task = URLSession.shared.dataTask(with: URL(string: "\\(base)/pets/\\(pet.id)")!)',
    [1],
  ],
  ['a.swift', 'AF.request("\\(base)/pets/\\(id)").responseDecodable(of: Pet.self) { r in }', [1]],
  ['a.swift', 'let url = baseURL + "/pets/" + String(id)\nAF.request(url).response { _ in }', [1]],
  [
    'a.swift',
    'let u = URL(string: "\\(base)/pets/\\(ids[index(of: "x")])")!\nlet t = session.dataTask(with: u)',
    [1],
  ],
  // multi-line and raw strings; comments
  ['a.swift', 'let u = """\n\\(base)/pets/\\(id)\n"""\nAF.request(u)', [1]],
  ['a.swift', 'let u = #"\\#(base)/pets/\\#(id)"#\nAF.request(u)', [1]],
  ['a.swift', 'let doc = #"Use \\(x) as is: /pets/\\(id)"#', []],
  [
    'a.swift',
    '// AF.request("\\(base)/pets/\\(id)")\n/* "/pets/\\(id)" /* nested */ */\nlet ok = 1',
    [],
  ],
  // other methods, lists, sub-resources
  ['a.swift', 'AF.request("\\(base)/pets/\\(id)", method: .delete)', []],
  [
    'a.swift',
    'var request = URLRequest(url: URL(string: "\\(base)/pets/\\(id)")!)\nrequest.httpMethod = "DELETE"\nlet t = session.dataTask(with: request)',
    [],
  ],
  ['a.swift', 'AF.request("\\(base)/pets", parameters: ["status": "sold"])', []],
  ['a.swift', 'AF.request("\\(base)/pets/\\(id)/photos")', []],
  // segment joins
  [
    'a.swift',
    'let url = baseURL.appendingPathComponent("pets").appendingPathComponent(String(id))\nlet t = session.dataTask(with: url)',
    [1],
  ],
  // generated clients (openapi-generator swift5), and local names
  ['a.swift', 'PetAPI.getPet(petId: 789) { (response, error) in\n  print(response)\n}', [1]],
  ['a.swift', 'let pet = try await PetAPI.getPet(petId: id)', [1]],
  ['a.swift', 'func getPet(id: Int64) -> Pet? {\n  return cache[id]\n}\nlet p = getPet(id: 1)', []],
  // pages, files, messages
  ['a.swift', 'let link = URL(string: "myapp://host/#/pets/\\(id)")', []],
  ['a.swift', 'let dir = Bundle.main.resourceURL?.appendingPathComponent("pets/\\(id)")', []],
  ['a.swift', 'print("fetching \\(base)/pets/\\(id)")\nlogger.info("GET /pets/\\(id) failed")', []],
];

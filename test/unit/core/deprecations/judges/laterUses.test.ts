import { itFindsExactly, type Case } from '../support';

/**
 * A URL kept in a variable (or a request built from it) whose method is stated where the
 * variable is used: only other methods → not a use; GET, stated or by default → a use at the URL.
 */
export const LATER_USE_CASES: Case[] = [
  // a value transformed in place (path = replace(path, …)) is still followed to its send
  [
    'a.go',
    'path := base + "/pets/{id}"\npath = strings.Replace(path, "{id}", id, -1)\nreq, _ := http.NewRequest(http.MethodDelete, path, nil)',
    [],
  ],
  // a helper named for the request it builds states the method
  [
    'a.go',
    'url := fmt.Sprintf("%s/pets/%d", srv.URL, id)\nreq := patchPetRequest(url, body)\nresp, err := client.Do(req)',
    [],
  ],
  ['a.py', 'req = build_delete_request(f"{BASE}/pets/{pid}")\nsession.send(req)', []],
  [
    'a.ts',
    "const url = `/pets/${id}`;\nconsole.log(url);\nawait fetch(url, { method: 'DELETE' });",
    [],
  ],
  [
    'a.ts',
    "const url = `/pets/${id}`;\nawait fetch(url);\nawait fetch(url, { method: 'DELETE' });",
    [1],
  ],
  ['a.ts', 'function u(id) {\n  const url = `/pets/${id}`;\n  return url;\n}', [2]],
  [
    'a.ts',
    "function a(id) {\n  const url = `/pets/${id}`;\n  return send(url);\n}\nfunction b(url) {\n  return fetch(url, { method: 'DELETE' });\n}",
    [2],
  ],
  ['a.ts', 'let url: string = `${base}/pets/${id}`;\nconst res = await axios.delete(url);', []],
  ['a.ts', 'const url = `${base}/pets/${id}`;\nconst res = await axios.get(url);', [1]],
  [
    'a.ts',
    "const url = `${base}/pets/${id}`;\nconst res = await fetch(url, { method: 'GET' });\nawait fetch(url, { method: 'DELETE' });",
    [1],
  ],
  [
    'a.ts',
    "const req = new Request(`${base}/pets/${id}`);\nawait fetch(req, { method: 'DELETE' });",
    [],
  ],
  ['a.ts', 'const res = await fetch(`${base}/pets/${id}`);\nawait res.json();', [1]],
  ['a.py', 'url = f"{B}/pets/{pid}"\nresp = requests.delete(url)', []],
  ['a.py', 'url = f"{B}/pets/{pid}"\nresp = requests.get(url)', [1]],
  [
    'a.py',
    'def a(pid):\n    url = f"{B}/pets/{pid}"\n    return session.send(url)\n\ndef b(url):\n    requests.delete(url)',
    [2],
  ],
  [
    'a.py',
    'req = urllib.request.Request(f"{B}/pets/{pid}")\nreq.get_method = lambda: "DELETE"\nurlopen(req)',
    [],
  ],
  ['a.py', 'req = urllib.request.Request(f"{B}/pets/{pid}")\nurlopen(req)', [1]],
  ['a.py', 'req = urllib.request.Request(f"{B}/pets/{pid}", method="DELETE")', []],
  [
    'a.py',
    'url = f"{B}/pets/{pid}"\nlog.info("calling %s", url)\nhttpx.request("DELETE", url)',
    [],
  ],
  [
    'a.go',
    'u := fmt.Sprintf("%s/pets/%d", base, id)\nreq, err := http.NewRequest(http.MethodDelete, u, nil)',
    [],
  ],
  [
    'a.go',
    'u := fmt.Sprintf("%s/pets/%d", base, id)\nreq, err := http.NewRequest(http.MethodGet, u, nil)',
    [1],
  ],
  ['a.go', 'u := fmt.Sprintf("%s/pets/%d", base, id)\nresp, err := http.Get(u)', [1]],
  [
    'A.java',
    'URL url = new URL(base + "/pets/" + id);\nHttpURLConnection conn = (HttpURLConnection) url.openConnection();\nconn.setRequestMethod("DELETE");',
    [],
  ],
  [
    'A.java',
    'URL url = new URL(base + "/pets/" + id);\nHttpURLConnection conn = (HttpURLConnection) url.openConnection();\nconn.setRequestMethod("GET");',
    [1],
  ],
  [
    'A.java',
    'URL url = new URL(base + "/pets/" + id);\nHttpURLConnection conn = (HttpURLConnection) url.openConnection();\nint code = conn.getResponseCode();',
    [1],
  ],
  ['A.java', 'String url = base + "/pets/" + id;\nrestTemplate.delete(url);', []],
  [
    'A.java',
    'Request.Builder b = new Request.Builder().url(base + "/pets/" + id);\nRequest r = b.delete().build();',
    [],
  ],
  [
    'a.php',
    '<?php\n$ch = curl_init("$base/pets/$id");\ncurl_setopt($ch, CURLOPT_CUSTOMREQUEST, \'DELETE\');\ncurl_exec($ch);',
    [],
  ],
  [
    'a.php',
    '<?php\n$ch = curl_init("$base/pets/$id");\ncurl_setopt($ch, CURLOPT_RETURNTRANSFER, true);\ncurl_exec($ch);',
    [2],
  ],
  [
    'a.php',
    '<?php\n$ch = curl_init();\ncurl_setopt($ch, CURLOPT_URL, "$base/pets/$id");\ncurl_setopt($ch, CURLOPT_CUSTOMREQUEST, \'DELETE\');',
    [],
  ],
  ['a.php', '<?php\n$url = "$base/pets/$id";\n$client->delete($url);', []],
  ['a.cs', 'var url = $"{b}/pets/{id}";\nvar res = await client.DeleteAsync(url);', []],
  ['a.cs', 'var url = $"{b}/pets/{id}";\nvar res = await client.GetAsync(url);', [1]],
  [
    'a.cs',
    'var req = new HttpRequestMessage { Method = HttpMethod.Delete, RequestUri = new Uri($"{b}/pets/{id}") };',
    [],
  ],
  [
    'a.cs',
    'var req = new HttpRequestMessage { Method = HttpMethod.Get, RequestUri = new Uri($"{b}/pets/{id}") };',
    [1],
  ],
  [
    'a.cs',
    'var req = new HttpRequestMessage { RequestUri = new Uri($"{b}/pets/{id}") };\nreq.Method = HttpMethod.Delete;',
    [],
  ],
  ['a.kt', 'val r = client.request("$base/pets/$id") {\n  method = HttpMethod.Delete\n}', []],
  ['a.kt', 'val r = client.request("$base/pets/$id") {\n  method = HttpMethod.Get\n}', [1]],
  ['a.kt', 'val url = "$base/pets/$id"\nclient.delete(url)', []],
  ['a.sh', 'URL="$BASE/pets/$ID"\ncurl -X DELETE "$URL"', []],
  ['a.sh', 'URL="$BASE/pets/$ID"\ncurl "$URL"', [1]],
  ['a.sh', 'URL="$BASE/pets/$ID"\ncurl -X DELETE "$URL"\ncurl "$URL"', [1]],
  ['a.sh', 'URL="$BASE/pets/$ID"\necho "$URL"\nURL="$BASE/pets"\ncurl -X DELETE "$URL"', [1]],
  ['a.rb', 'uri = URI("#{B}/pets/#{id}")\nreq = Net::HTTP::Delete.new(uri)\nhttp.request(req)', []],
  ['a.rb', 'uri = URI("#{B}/pets/#{id}")\nreq = Net::HTTP::Get.new(uri)\nhttp.request(req)', [1]],
  ['a.rs', 'let url = format!("{}/pets/{}", base, id);\nclient.delete(&url).send().await?;', []],
  ['a.rs', 'let url = format!("{}/pets/{}", base, id);\nclient.get(&url).send().await?;', [1]],
  ['a.py', 'for pid in ids:\n    url = f"{B}/pets/{pid}"\n    requests.delete(url)\nurl = 3', []],
  // Passed on where its method cannot be seen: maybe a GET, so it stays a use.
  [
    'a.ts',
    "const url = `/pets/${id}`;\nawait fetch(url, { method: 'DELETE' });\nreturn fetchJson(url);",
    [1],
  ],
  // oapi-codegen's request builders: the path checked and rebuilt, parsed, then sent by method.
  [
    'client.gen.go',
    [
      'func NewDeletePetRequest(server string, id int64) (*http.Request, error) {',
      '\toperationPath := "/pets/" + pathParam0',
      "\tif operationPath[0] == '/' {",
      '\t\toperationPath = "." + operationPath',
      '\t}',
      '\tqueryURL, err := serverURL.Parse(operationPath)',
      '\treq, err := http.NewRequest("DELETE", queryURL.String(), nil)',
      '\treturn req, err',
      '}',
    ].join('\n'),
    [],
  ],
  [
    'client.gen.go',
    [
      'func NewFindPetByIDRequest(server string, id int64) (*http.Request, error) {',
      '\toperationPath := "/pets/" + pathParam0',
      "\tif operationPath[0] == '/' {",
      '\t\toperationPath = "." + operationPath',
      '\t}',
      '\tqueryURL, err := serverURL.Parse(operationPath)',
      '\treq, err := http.NewRequest("GET", queryURL.String(), nil)',
      '\treturn req, err',
      '}',
    ].join('\n'),
    [2],
  ],
  ['a.py', 'url = f"{B}/pets/{pid}"\nrequests.delete(url)\nreturn url', [1]],
  ['a.sh', 'URL="$BASE/pets/$ID"\ncurl -X DELETE "$URL"\nmy_get "$URL"', [1]],
  ['a.sh', 'URL="$BASE/pets/$ID"\necho "deleting $URL"\ncurl -X DELETE "$URL"', []],
];

describe('deprecated getPet finder: the method stated where a stored URL is used', () =>
  itFindsExactly(LATER_USE_CASES));

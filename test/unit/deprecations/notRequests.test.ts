import assert from 'node:assert/strict';
import { findingLines, type Case } from './support';

/**
 * Path-shaped strings that are not requests (messages printed, logged or raised; files, modules,
 * patterns, app pages), next to the requests they resemble.
 */
export const NOT_REQUEST_CASES: Case[] = [
  ['a.py', 'print(f"fetching /pets/{pid}")', []],
  ['a.py', 'logger.info("fetched /pets/%s in %d ms", pid, ms)', []],
  ['a.py', 'logger.debug("GET /pets/%s", pid)', []],
  ['a.ts', 'console.log(`loading ${base}/pets/${id}`)', []],
  ['a.ts', 'throw new Error(`Failed to load /pets/${id}: ${status}`)', []],
  ['a.ts', 'console.log(`${base}/pets/${id}`)', []],
  ['a.go', 'log.Printf("GET /pets/%d -> %d", id, status)', []],
  ['A.java', 'LOG.info("Calling /pets/{}", id);', []],
  ['a.rb', 'puts "Requesting /pets/#{id}"', []],
  ['a.ts', 'const msg = `Pet /pets/${id} not found`;', []],
  ['a.ts', "t('errors.pets/notFound')", []],
  ['a.ts', "import pet from './pets/dog';", []],
  ['a.ts', "import { Pet } from '../pets/pet';", []],
  ['a.ts', "const icon = require('./assets/pets/' + name);", []],
  ['a.py', "from pets import models\npath = os.path.join('pets', name)", []],
  ['a.py', "open(f'data/pets/{name}.json')", []],
  ['a.ts', 'fs.readFileSync(`./fixtures/pets/${id}.json`)', []],
  ['a.ts', 'router.push(`/pets/${id}`)', []],
  ['a.ts', '<Link to={`/pets/${id}`}>x</Link>', []],
  ['a.ts', 'fetch(`${base}/pets/${id}.json`)', [1]],
  ['a.ts', 'fetch(`/api/pets/${id}`)', [1]],
  ['a.ts', 'fetch(`${base}/store/pets/${id}`)', [1]],
  ['a.rb', "get '/pets/:id' do\n  Pet.find(params[:id]).to_json\nend", [1]],
  ['a.go', 'mux.HandleFunc("/pets/", handler)', []],
  ['a.ts', 'const re = /\\/pets\\/(\\d+)/;', []],
  ['a.py', "re.compile(r'/pets/(\\d+)')", []],
  ['a.ts', 'expect(res.url).toBe(`${base}/pets/1`)', [1]],
  ['a.ts', "nock(base).get('/v1/pets/1').reply(200, pet)", [1]],
  ['a.ts', "http.get('/pets/:id', () => HttpResponse.json(pet))", [1]],
  ['a.sh', 'echo "fetching $BASE/pets/$ID"', []],
  ['a.sh', 'URL=$BASE/pets/$ID', [1]],
  ['a.py', "'''docstring /pets/1'''\nx = 1", []],
  ['a.py', "x = 1  # requests.get('/pets/1')", []],
  ['a.ts', "const s = '// not a comment /pets/' + id;", []],
  ['a.ts', "const u = 'http://x/pets/' + id; // ok", [1]],
  ['a.ts', 'const a = `/pets/${id}/photos/${p}`;', []],
  ['a.ts', 'const a = `/pets/${id}?include=owner`;', [1]],
  ['a.ts', 'const a = `/pets/${a}-${b}`;', [1]],
  ['a.ts', "const a = `/pets/${id}` + '/photos';", []],
  ['a.ts', "const a = '/pets/' + id + '/';", [1]],
  ['a.ts', 'const a = `/pets/${id}/${sub}`;', []],
  ['a.ts', 'const a = `/pets/${rest}`;', [1]],
  ['a.ts', "const a = '/pets/' + ids.join('/');", [1]],
  ['a.sh', 'printf -v url \'%s/pets/%s\' "$BASE" "$ID"\ncurl "$url"', [1]],
  ['a.sh', 'printf \'%s/pets/%s\\n\' "$BASE" "$ID"', []],
  ['a.php', '<?php\necho "$base/pets/$id";', []],
  ['a.go', 'return errors.New("GET /pets/" + id + " failed")', []],
  ['a.go', 'return fmt.Errorf("GET /pets/%d: %w", id, err)', []],
  ['a.go', 'fmt.Fprintf(conn, "GET /pets/%d HTTP/1.1\\r\\n", id)', [1]],
  ['a.rs', 'println!("{}/pets/{}", base, id);', []],
  ['a.rs', 'panic!("GET /pets/{} failed", id);', []],
  ['a.cs', 'Console.WriteLine($"{baseUrl}/pets/{id}");', []],
  ['a.cs', 'throw new HttpRequestException($"GET /pets/{id} failed");', []],
  ['a.ts', "export * from './pets/api';", []],
  ['a.ts', 'const mod = await import(`./pets/${name}`);', []],
  ['a.rb', "require_relative 'pets/client'", []],
  ['a.rb', 'raise "GET /pets/#{id} failed"', []],
  ['a.ts', 'navigate(`/pets/${id}`)', []],
  ['a.ts', 'cy.visit(`/pets/${id}`)', []],
  ['a.ts', 'cy.request(`/pets/${id}`)', [1]],
  ['a.jsx', '<a href={`/pets/${id}`}>x</a>', [1]],
];

describe('deprecated getPet finder: messages, files, modules and pages are not requests', () => {
  for (const [name, code, lines] of NOT_REQUEST_CASES) {
    it(`${name}: ${code.replace(/\n/g, ' ⏎ ')} → ${lines.length ? 'use' : 'not a use'}`, () => {
      assert.deepEqual(findingLines(name, code), lines);
    });
  }
});

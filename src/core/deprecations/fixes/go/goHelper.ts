/**
 * The Go helper file: getPetFromList and doPetFromList, in a file of their own beside the request
 * (one per package), gofmt's layout. Both answer as net/http did: a *http.Response with the pet
 * (200) or a 404 Not Found with the API's Error body, and the list's own failure as it came.
 */
import { helperDocLines } from '../helperDoc';
import { LIST_LIMIT, notFoundBody, PET_STATUSES } from '../replacement';

export const GET_HELPER = 'getPetFromList';
export const DO_HELPER = 'doPetFromList';

/** The file's name: a test file's package (`x_test`) only compiles in a `_test.go` file. */
export function helperFileName(path: string): string {
  return /_test\.go$/.test(path) ? 'pet_from_list_test.go' : 'pet_from_list.go';
}

/** The package clause of a Go file, or undefined. */
export function packageOf(text: string): string | undefined {
  return /^\s*package\s+([A-Za-z_]\w*)/m.exec(stripComments(text))?.[1];
}

function stripComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/[^\n]*/g, '');
}

/** What sends the requests: an *http.Client, or any client with its Do. */
const DOER = 'petFromListDoer';

/** The helper file's lines (LF; the caller joins them with the package's line ending). */
export function helperFileLines(packageName: string): string[] {
  const doc = helperDocLines([
    'It answers as that request did: a *http.Response with the pet (200), or 404 Not Found with',
    "the API's Error body when no list holds it, so the caller's StatusCode checks still work;",
    'a failing list request (401, 5xx) is answered as it came.',
  ]);
  doc[0] = `${DO_HELPER} ${doc[0]!.charAt(0).toLowerCase()}${doc[0]!.slice(1)}`;
  const statuses = PET_STATUSES.map((status) => `"${status}"`).join(', ');
  return [
    `package ${packageName}`,
    '',
    'import (',
    '\t"bytes"',
    '\t"encoding/json"',
    '\t"fmt"',
    '\t"io"',
    '\t"net/http"',
    ')',
    '',
    `// ${DOER} sends the requests: an *http.Client, or any client with its Do.`,
    `type ${DOER} interface {`,
    '\tDo(*http.Request) (*http.Response, error)',
    '}',
    '',
    `// ${GET_HELPER} sends a GET of petsURL (no other headers, as http.Get and a client's Get) to`,
    `// ${DO_HELPER}.`,
    `func ${GET_HELPER}(client ${DOER}, petsURL string, petID interface{}) (*http.Response, error) {`,
    '\treq, err := http.NewRequest(http.MethodGet, petsURL, nil)',
    '\tif err != nil {',
    '\t\treturn nil, err',
    '\t}',
    `\treturn ${DO_HELPER}(client, req, petID)`,
    '}',
    '',
    ...doc.map((line) => `// ${line}`),
    `// req is the request as it was built, with the collection's URL: its headers and context are`,
    '// sent with each list.',
    `func ${DO_HELPER}(client ${DOER}, req *http.Request, petID interface{}) (*http.Response, error) {`,
    '\twant := fmt.Sprint(petID)',
    "\t// The 404 has the last list's headers (its content type), as the store's own 404 had them.",
    '\theader := http.Header{"Content-Type": {"application/json"}}',
    `\tfor _, status := range []string{${statuses}} {`,
    '\t\tlistURL := *req.URL',
    '\t\tquery := listURL.Query()',
    '\t\tquery.Set("status", status)',
    `\t\tquery.Set("limit", "${LIST_LIMIT}")`,
    '\t\tlistURL.RawQuery = query.Encode()',
    '\t\tlist := req.Clone(req.Context())',
    '\t\tlist.URL = &listURL',
    '\t\tres, err := client.Do(list)',
    '\t\tif err != nil {',
    '\t\t\treturn nil, err',
    '\t\t}',
    '\t\tif res.StatusCode != http.StatusOK {',
    '\t\t\treturn res, nil',
    '\t\t}',
    '\t\theader = res.Header.Clone()',
    '\t\theader.Del("Content-Length")',
    '\t\tvar pets []json.RawMessage',
    '\t\terr = json.NewDecoder(res.Body).Decode(&pets)',
    '\t\tres.Body.Close()',
    '\t\tif err != nil {',
    '\t\t\treturn nil, err',
    '\t\t}',
    '\t\tfor _, pet := range pets {',
    '\t\t\tvar fields struct {',
    '\t\t\t\tID interface{} `json:"id"`',
    '\t\t\t}',
    '\t\t\t// Ids compared as written (json.Number or a string), never through a float64.',
    '\t\t\tdecoder := json.NewDecoder(bytes.NewReader(pet))',
    '\t\t\tdecoder.UseNumber()',
    '\t\t\tif decoder.Decode(&fields) == nil && fields.ID != nil && fmt.Sprint(fields.ID) == want {',
    '\t\t\t\tres.Body = io.NopCloser(bytes.NewReader(pet))',
    '\t\t\t\tres.ContentLength = int64(len(pet))',
    '\t\t\t\tres.Header = header',
    '\t\t\t\tres.Request = req',
    '\t\t\t\treturn res, nil',
    '\t\t\t}',
    '\t\t}',
    '\t}',
    `\tbody := []byte(\`${JSON.stringify(notFoundBody())}\`)`,
    '\treturn &http.Response{',
    '\t\tStatus:        "404 Not Found",',
    '\t\tStatusCode:    http.StatusNotFound,',
    '\t\tProto:         "HTTP/1.1",',
    '\t\tProtoMajor:    1,',
    '\t\tProtoMinor:    1,',
    '\t\tHeader:        header,',
    '\t\tBody:          io.NopCloser(bytes.NewReader(body)),',
    '\t\tContentLength: int64(len(body)),',
    '\t\tRequest:       req,',
    '\t}, nil',
    '}',
  ];
}

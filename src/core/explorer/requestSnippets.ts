/**
 * "Copy Request as…": one description of a Pet Store request, written out for curl, fetch
 * (JavaScript), Python requests, HTTPie and a REST Client `.http` block. The API key is never in a
 * snippet: each reads it from the environment variable PETSTORE_API_KEY when run.
 */

export const API_KEY_VARIABLE = 'PETSTORE_API_KEY';

export interface RequestDescription {
  method: 'GET' | 'POST';
  /** The full URL, query included. */
  url: string;
  /** JSON text of the body (a create), exactly as it is sent (int64 ids as digits). */
  body?: string;
}

export type SnippetFormat = 'curl' | 'fetch' | 'python' | 'httpie' | 'http';

export const SNIPPET_FORMATS: readonly { format: SnippetFormat; label: string }[] = [
  { format: 'curl', label: 'curl' },
  { format: 'fetch', label: 'fetch (JavaScript)' },
  { format: 'python', label: 'Python requests' },
  { format: 'httpie', label: 'HTTPie' },
  { format: 'http', label: 'REST Client (.http)' },
];

/** The request in one format. */
export function requestSnippet(request: RequestDescription, format: SnippetFormat): string {
  return WRITERS[format](request);
}

const WRITERS: Record<SnippetFormat, (request: RequestDescription) => string> = {
  curl: ({ method, url, body }) =>
    [
      `curl -sS${method === 'GET' ? '' : ` -X ${method}`} ${shellQuoted(url)}`,
      `  -H "Authorization: Bearer $${API_KEY_VARIABLE}"`,
      `  -H 'Accept: application/json'`,
      ...(body === undefined
        ? []
        : [`  -H 'Content-Type: application/json'`, `  --data-raw ${shellQuoted(body)}`]),
    ].join(' \\\n') + '\n',
  fetch: ({ method, url, body }) =>
    [
      `const response = await fetch(${JSON.stringify(url)}, {`,
      `  method: ${JSON.stringify(method)},`,
      '  headers: {',
      `    Authorization: \`Bearer \${process.env.${API_KEY_VARIABLE}}\`,`,
      "    Accept: 'application/json',",
      ...(body === undefined ? [] : ["    'Content-Type': 'application/json',"]),
      '  },',
      // The body as text: JSON.stringify of a parsed object would round int64 ids.
      ...(body === undefined ? [] : [`  body: ${JSON.stringify(body)},`]),
      '});',
      'console.log(response.status, await response.text());',
      '',
    ].join('\n'),
  python: ({ method, url, body }) =>
    [
      'import os',
      'import requests',
      '',
      `response = requests.request(`,
      `    ${pythonString(method)},`,
      `    ${pythonString(url)},`,
      '    headers={',
      `        "Authorization": "Bearer " + os.environ[${pythonString(API_KEY_VARIABLE)}],`,
      '        "Accept": "application/json",',
      ...(body === undefined ? [] : ['        "Content-Type": "application/json",']),
      '    },',
      ...(body === undefined ? [] : [`    data=${pythonString(body)}.encode("utf-8"),`]),
      '    timeout=10,',
      ')',
      'print(response.status_code, response.text)',
      '',
    ].join('\n'),
  httpie: ({ method, url, body }) =>
    [
      // The body goes in on stdin, byte for byte (HTTPie's own syntax would retype the values).
      body === undefined
        ? `http --check-status --ignore-stdin ${method} ${shellQuoted(url)}`
        : `printf '%s' ${shellQuoted(body)} | http --check-status ${method} ${shellQuoted(url)}`,
      `  "Authorization:Bearer $${API_KEY_VARIABLE}"`,
      `  'Accept:application/json'`,
      ...(body === undefined ? [] : [`  'Content-Type:application/json'`]),
    ].join(' \\\n') + '\n',
  // REST Client and httpYac expand `{{…}}` everywhere in a request, body included: the URL's
  // braces are percent-encoded and the body's are JSON escapes, so only the key's line expands.
  http: ({ method, url, body }) =>
    [
      `${method} ${httpFileUrl(url)}`,
      `Authorization: Bearer {{$processEnv ${API_KEY_VARIABLE}}}`,
      'Accept: application/json',
      ...(body === undefined ? [] : ['Content-Type: application/json', '', httpFileBody(body)]),
      '',
    ].join('\n'),
};

/** The URL with braces, spaces and control characters percent-encoded: one inert line. */
function httpFileUrl(url: string): string {
  // eslint-disable-next-line no-control-regex
  return url.replace(/[{}\s\u0000-\u001f\u007f]/gu, (character) => encodeURIComponent(character));
}

/**
 * JSON text on one line with every brace inside a string written as a `\u` escape (the same
 * value once parsed): no `{{` is left for a client to expand, and no line can start a new
 * request (`###`) or read a file (`<`).
 */
function httpFileBody(json: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const character = json[i]!;
    if (inString) {
      if (character === '\\') {
        out += character + (json[i + 1] ?? '');
        i++;
        continue;
      }
      if (character === '"') inString = false;
      out += character === '{' ? '\\u007b' : character === '}' ? '\\u007d' : character;
      continue;
    }
    if (character === '"') inString = true;
    // Whitespace between JSON values means nothing: line breaks there become spaces.
    out += character === '\n' || character === '\r' ? ' ' : character;
  }
  return out;
}

/** A word for sh/bash: single quotes, with any single quote closed, escaped and reopened. */
function shellQuoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A Python string literal (JSON's escapes are valid Python, including \u for any character). */
function pythonString(text: string): string {
  return JSON.stringify(text);
}

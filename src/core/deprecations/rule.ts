/** The one rule: calls to GET /pets/{petId} (getPet), removed on 5 December 2030 (spec 4.3, 9.3). */
export const RULE_ID = 'petstore/deprecated-get-pet';
export const RULE_NAME = 'DeprecatedGetPet';
export const REMOVAL_DATE = new Date(Date.UTC(2030, 11, 5));
export const REMOVAL_DATE_TEXT = '5 December 2030';
export const REPLACEMENT = 'GET /pets with a status filter';
/** Where the explanation is shown in VS Code (a read-only document served by the extension). */
export const EXPLANATION_URI = 'petstore-docs:/deprecated-get-pet.md';

import type { ChainLink, Finding } from './engine';

export function daysUntilRemoval(now: Date = new Date()): number {
  return Math.ceil((REMOVAL_DATE.getTime() - now.getTime()) / 86_400_000);
}

/** "GET /pets/1 HTTP/1.1" -> "/pets/1", without a regex that could backtrack over a huge string. */
function withoutRequestLineParts(detail: string): string {
  let text = detail.trim();
  const firstSpace = text.indexOf(' ');
  if (firstSpace > 0 && /^(GET|HEAD)$/i.test(text.slice(0, firstSpace)))
    text = text.slice(firstSpace + 1).trim();
  const lastSpace = text.lastIndexOf(' ');
  if (lastSpace > 0 && /^HTTP\/[\d.]+$/.test(text.slice(lastSpace + 1)))
    text = text.slice(0, lastSpace).trim();
  return text;
}

/**
 * The way a wrapper's call reaches the request, each step with where it is: "getPetInfo
 * (src/pets.ts:2) → /api/pets/{…} (src/pets.ts:3)". `display` names a path as the report does.
 */
export function chainText(via: readonly ChainLink[], display: (path: string) => string): string {
  return via
    .map((link, index) => {
      const name = index === via.length - 1 ? withoutRequestLineParts(link.name) : link.name;
      return `${name} (${display(link.path)}:${link.line + 1})`;
    })
    .join(' → ');
}

/** Appended to the message of a finding whose use is not seen (confidence `possible`). */
export const POSSIBLE_NOTE = ' (Possible: how this is used is not seen in the file.)';

/** Appended to the message of a finding the team's baseline accepts (an existing call being removed). */
export const BASELINED_NOTE = ' (Baselined: an existing call, in the baseline file.)';

/**
 * The message of a finding: what to do first, then what the call is, then the date (a Problems
 * panel line is cut at its right edge). A wrapper's call (`kind` wrapper, `detail` the function
 * called) says through what it reaches the request: `chain`, as the report names it
 * ("getPetInfo (src/pets.ts:17)").
 */
export function findingMessage(
  detail: string,
  kind: Finding['kind'],
  now: Date = new Date(),
  chain?: string,
): string {
  const days = daysUntilRemoval(now);
  const when =
    days > 0
      ? `removed on ${REMOVAL_DATE_TEXT} (${days} day${days === 1 ? '' : 's'} left)`
      : `was removed on ${REMOVAL_DATE_TEXT}`;
  if (kind === 'serves')
    return `Serve ${REPLACEMENT} too, and remove this route with the operation: \`${withoutRequestLineParts(detail)}\`${chain ? `, a router's route mounted by ${chain},` : ''} serves the deprecated GET /pets/{petId} (getPet), a server or a mock rather than a call; ${when}.`;
  if (kind === 'route-test')
    return `Change this test with the route it tests: \`${withoutRequestLineParts(detail)}\` goes to this project's own app through its test client, not to the Pet Store API; when the route changes or goes, so does this test. The API's GET /pets/{petId} (getPet) is ${days > 0 ? when : `gone: it ${when}`}.`;
  if (kind === 'mock')
    return `Remove this stub with the call it stands for: \`${detail}()\` here is a test double's stub or check${chain ? ` of a call that reaches GET /pets/{petId} through ${chain}` : ''}, not a call of the deprecated GET /pets/{petId} (getPet); ${when}.`;
  const call = kind === 'url' ? withoutRequestLineParts(detail) : `${detail}()`;
  const through =
    kind === 'wrapper' && chain ? `, which reaches GET /pets/{petId} through ${chain}` : '';
  const status = days > 0 ? `is deprecated, ${when}` : when;
  return `Use ${REPLACEMENT} instead of \`${call}\`${through}: GET /pets/{petId} (getPet) ${status}.`;
}

/** What the replacement is and how far it reaches: the same words in the page and in SARIF's help. */
export const REPLACEMENT_MARKDOWN = `## What to use instead

\`GET /pets?status=S&limit=100\` for the status \`S\` the caller knows; when it does not know it,
ask for \`available\`, \`pending\` and \`sold\` in turn. Take the pet whose \`id\` equals the one
looked for (an int64: compare it exactly, never as a floating-point number). When no list holds
it, do what the code did when \`GET /pets/{petId}\` answered \`404\`.

## How far it reaches

\`GET /pets\` returns **at most 100 pets** a request (\`limit\` 1 to 100) and has **no other
paging**: no cursor, offset or page number. So this finds a pet only among the first 100 the
server returns for its status; in a status holding more, a pet may not be found, and the
interface does not say in which order they come. A pet without a status is in no filtered list
(only \`GET /pets?limit=100\`, the first 100 of all pets, may hold it).
`;

export const RULE_HELP_MARKDOWN = `# GET /pets/{petId} is deprecated

The Pet Store interface v1.0.0 marks \`GET /pets/{petId}\` (operation \`getPet\`) deprecated. It is
removed on **${REMOVAL_DATE_TEXT}**; calls to it will fail after that day.

${REPLACEMENT_MARKDOWN}
## Example

\`\`\`http
GET {base_url}/pets?status=available&limit=100
Authorization: Bearer <API_KEY>
\`\`\`

## What is reported

Code that sends, or declares a client call that sends, a GET to \`/pets/{id}\` of this API: a URL
string in the language's own syntax (also kept in a variable, or joined from path segments), a
generated client's \`getPet\` / \`get_pet\` / \`GetPet\`, a declarative client (Feign, Retrofit,
Spring, JAX-RS). Not reported: calls with another method (also when it is stated where a stored
URL is used), \`/pets\` and \`/pets?…\`, \`/pets/{id}/…\`, comments and docstrings, messages that
are only printed or logged, and routes with \`:id\` or \`<id>\` placeholders.

## Silencing a finding

Put \`petstore-ignore-next-line\` in a comment on the line above the call, or
\`petstore-ignore-file\` in a comment anywhere in the file.
`;

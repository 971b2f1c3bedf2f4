/**
 * `.http` / `.rest` files (REST Client, httpYac, JetBrains): `GET {{base}}/pets/{{id}}` →
 * `GET {{base}}/pets?status=S&limit=100`, with a comment above it saying what it replaces and where
 * to look. A request file cannot loop over statuses nor pick a pet out of a list, so the block
 * becomes the one list request that can hold the pet: the status the block's title or comments
 * name (`### Get a sold pet`, `# @name getPendingPet`), else `available` — the replacement's first
 * — with the comment saying to look for the id there and then in pending and sold. A block whose
 * response later requests read (`{{pet.response.body.name}}`) is left to a person: a list answers
 * there now.
 */
import { helperDocLines } from '../helperDoc';
import { LIST_LIMIT, PET_STATUSES } from '../replacement';
import type { Rewrite, Rewriter, RequestSite } from '../rewriter';

type Status = (typeof PET_STATUSES)[number];

export const httpFileRewriter: Rewriter = {
  library: 'http file',
  rewrite(site: RequestSite): Rewrite | undefined {
    const { text, url } = site;
    const eol = site.style.eol;
    const lineStart = text.lastIndexOf('\n', url.start - 1) + 1;
    const request = /^(?:([A-Za-z]+)[ \t]+)?(\S+)([ \t]+HTTP\/[\d.]+)?[ \t]*$/.exec(
      text.slice(url.start, url.end),
    );
    if (!request || url.start !== lineStart) return undefined;
    const [, method, target, version] = request;
    if (method && method.toUpperCase() !== 'GET') return undefined;
    const block = blockOf(text, lineStart);
    const status = statusNamed(block.lines);
    const manual = (reason: string): Rewrite => ({
      manual: reason,
      snippet: [
        ...comment('{{petId}}', status),
        `GET {{baseUrl}}/pets?status=${status ?? 'available'}&limit=${LIST_LIMIT}`,
      ].join(eol),
    });
    const pets = Math.max(target!.lastIndexOf('pets/'), target!.lastIndexOf('Pets/'));
    if (pets < 0) return undefined;
    const id = target!.slice(pets + 5);
    // One path segment: a {{variable}}, a number, or an id of another form (a UUID, a slug).
    if (!/^(\{\{[^{}]+\}\}|[\w.~%-]+)$/.test(id))
      return manual(
        /^(\{\{[^{}]+\}\}|[\w.~%-]+)[?#]/.test(id)
          ? 'the URL goes on after the id (a query or a fragment)'
          : 'the id is not one path segment (a {{variable}}, a number or a word)',
      );
    const name = block.lines
      .map((line) => /^(?:#|\/\/)\s*@name\s+(\S+)/.exec(line.trim())?.[1])
      .find((found) => found);
    if (
      name &&
      new RegExp(`\\{\\{\\s*${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.response\\.`).test(
        text,
      )
    )
      return manual(
        `later requests read this block’s response ({{${name}.response…}}): a list answers there now`,
      );
    const listed = status ?? 'available';
    const line = `${method ? `${method} ` : ''}${target!.slice(0, pets + 4)}?status=${listed}&limit=${LIST_LIMIT}${version ?? ''}`;
    return {
      description: `GET …/pets/{id} → GET …/pets?status=${listed}&limit=${LIST_LIMIT}${status ? ' (the status the block names)' : ', then the other statuses by hand'}`,
      edits: [
        {
          start: lineStart,
          end: url.end,
          newText: [...comment(id, status), line].join(eol),
        },
      ],
    };
  },
};

/** The comment put above the list request: what it replaces, where to look, its reach. */
function comment(id: string, status: Status | undefined): string[] {
  const look = status
    ? [
        `A .http file cannot loop: this lists the ${status} pets, the status this block names.`,
        `Look for the pet whose "id" is ${id} in the answer.`,
      ]
    : [
        'A .http file cannot loop: this lists the available pets. Look for the pet whose "id" is',
        `${id} in the answer; if it is not there, send it again with status=pending, then sold.`,
      ];
  return helperDocLines(look).map((line) => `# ${line}`);
}

/** The lines of the block before its request line: from the `###` separator (or the file's start). */
function blockOf(text: string, requestLine: number): { lines: string[] } {
  const before = text.slice(0, requestLine).split(/\r?\n/);
  before.pop();
  let start = 0;
  for (let i = before.length - 1; i >= 0; i--)
    if (before[i]!.trimStart().startsWith('###')) {
      start = i;
      break;
    }
  return { lines: before.slice(start) };
}

/** The one status the block's title and comments name (words, camelCase split), if exactly one. */
function statusNamed(lines: readonly string[]): Status | undefined {
  const named = new Set<Status>();
  for (const line of lines) {
    const trimmed = line.trim();
    if (!trimmed.startsWith('#') && !trimmed.startsWith('//')) continue;
    for (const word of trimmed.match(/[A-Z]?[a-z]+|[A-Z]+(?![a-z])/g) ?? []) {
      const lower = word.toLowerCase() as Status;
      if ((PET_STATUSES as readonly string[]).includes(lower)) named.add(lower);
    }
  }
  return named.size === 1 ? [...named][0] : undefined;
}

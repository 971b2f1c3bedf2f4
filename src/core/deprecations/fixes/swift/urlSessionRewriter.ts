/**
 * Swift's URLSession: a URL made from the string (`URL(string: "\(base)/pets/\(id)")`, kept in a
 * name or not, `guard let` and `if let` included) and handed to `session.dataTask(with: url)` with
 * its completion handler, or to `try await session.data(from: url)` →
 * `petDataTask(session, with: url, petId: "\(id)") { … }` and
 * `try await petData(session, from: url, petId: "\(id)")`, the string now the collection's.
 *
 * The helpers answer as URLSession answered the removed request, so the caller's status checks
 * and decoding run as before: the pet's JSON with the list's HTTPURLResponse (200), or, when no
 * list holds it, the API's Error body with an HTTPURLResponse of status 404; a list that fails
 * (an error, 401, 5xx) answers as it came. `petDataTask` returns a real URLSessionDataTask (the
 * first list's, which asks the next ones in turn), so `.resume()` and a task kept in a property
 * work as before; cancelling it stops only the first list. Golden files only: no Swift compiler
 * installs here.
 */
import { styled } from '../fileStyle';
import { helperDocLines } from '../helperDoc';
import { LIST_LIMIT, notFoundBody, PET_STATUSES } from '../replacement';
import { callAround, type Range } from '../requestCall';
import type { Rewrite, Rewriter, RequestSite } from '../rewriter';
import type { TextEdit } from '../sourceEdit';
import { storedUrl } from '../storedUrl';
import { tokenEnd } from '../../model/tokens';
import { nextSignificant, previousSignificant, tokenIndexAt } from '../../model/tokenWalk';
import { splitUrl } from '../urlParts';

const TASK = 'petDataTask';
const ASYNC = 'petData';

export const urlSessionRewriter: Rewriter = {
  library: 'URLSession',
  rewrite(site: RequestSite): Rewrite | undefined {
    const { text, tokens } = site;
    if (!/\bURLSession\b/.test(text)) return undefined;
    const manual = (reason: string): Rewrite => ({ manual: reason, snippet: snippet(site) });
    // The string handed to URL(string:).
    const made = callAround(text, tokens, site.url);
    if ('problem' in made || made.callee.text !== 'URL' || made.args.length !== 1) return undefined;
    if (!labelled(text, made.args[0]!, 'string', site.url)) return undefined;
    const first = tokenIndexAt(tokens, site.url.start);
    const last = tokenIndexAt(tokens, site.url.end - 1);
    const parts = splitUrl(text, tokens, first, last, site.language);
    if ('problem' in parts) return manual(parts.problem);
    const idNames = parts.id.match(/[A-Za-z_]\w*/g) ?? [];
    let madeEnd = made.close;
    if (tokens[madeEnd + 1]?.text === '!') madeEnd++;
    const url = { start: made.callee.start, end: tokenEnd(tokens[madeEnd]!) };
    // The URL, or the name it is kept in, handed to the session.
    const use = sentDirectly(site, url) ?? storedUrl(tokens, url, idNames)?.useRange;
    if (!use) return undefined;
    const send = callAround(text, tokens, use);
    if ('problem' in send) return undefined;
    const method = /^(.+)\.(dataTask|data)$/.exec(send.callee.text);
    if (!method) return undefined;
    const session = method[1]!;
    const asyncData = method[2] === 'data';
    if (send.args.length !== 1)
      return manual(`${method[2]} is given more than the URL: the lists would need it too`);
    if (!labelled(text, send.args[0]!, asyncData ? 'from' : 'with', use))
      return manual('the session is not given the URL as the request');
    if (!asyncData && tokens[nextSignificant(tokens, send.close + 1)]?.text !== '{')
      return manual('the completion handler is not a trailing closure');
    if (asyncData && tokens[previousSignificant(tokens, send.callee.first - 1)]?.text !== 'await')
      return manual('the data is not awaited where it is asked for');
    const name = asyncData ? ASYNC : TASK;
    const argument = send.args[0]!;
    const edits: TextEdit[] = [
      { start: site.url.start, end: site.url.end, newText: parts.collection },
      { start: send.callee.start, end: send.callee.end, newText: name },
      { start: argument.start, end: argument.start, newText: `${session}, ` },
      { start: argument.end, end: argument.end, newText: `, petId: "\\(${parts.id})"` },
    ];
    return {
      description: `URLSession.${method[2]} → ${name}: GET /pets?status=…&limit=${LIST_LIMIT} for each status, with the same session`,
      edits,
      helper: {
        name,
        code: styled(asyncData ? asyncLines() : taskLines(), site.style),
        definedIn: (current) => new RegExp(`\\bfunc\\s+${name}\\s*\\(`).test(current),
      },
    };
  },
};

/** Whether the call's argument is `label: value`, the value at `value`'s offsets. */
function labelled(
  text: string,
  argument: { start: number; end: number },
  label: string,
  value: Range,
): boolean {
  return (
    argument.end === value.end &&
    new RegExp(`^${label}\\s*:\\s*$`).test(text.slice(argument.start, value.start))
  );
}

/** The URL's offsets when it is itself the session's argument, not kept in a name. */
function sentDirectly(site: RequestSite, url: Range): Range | undefined {
  const call = callAround(site.text, site.tokens, url);
  if ('problem' in call) return undefined;
  return /\.(dataTask|data)$/.test(call.callee.text) ? url : undefined;
}

const STATUSES = PET_STATUSES.map((status) => `"${status}"`).join(', ');
const NOT_FOUND = JSON.stringify(JSON.stringify(notFoundBody()));

/** The lines both helpers share: the list's URL, the pet in a list, the 404's body and response. */
function sharedLines(): string[] {
  return [
    '  func listURL(_ status: String) -> URL {',
    '    var components = URLComponents(url: petsURL, resolvingAgainstBaseURL: false)!',
    `    components.queryItems = (components.queryItems ?? []) + [URLQueryItem(name: "status", value: status), URLQueryItem(name: "limit", value: "${LIST_LIMIT}")]`,
    '    return components.url!',
    '  }',
    '  // The pet as JSON, its id compared as text; nil when the list does not hold it.',
    '  func pet(in pets: [[String: Any]]) -> Data? {',
    '    for pet in pets where pet["id"].map({ "\\($0)" }) == petId {',
    '      return try? JSONSerialization.data(withJSONObject: pet)',
    '    }',
    '    return nil',
    '  }',
    `  let notFoundBody = Data(${NOT_FOUND}.utf8)`,
    '  let notFound = HTTPURLResponse(url: petsURL.appendingPathComponent(petId), statusCode: 404, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": "application/json"])!',
  ];
}

function doc(...answers: string[]): string[] {
  return helperDocLines(answers).map((line) => `/// ${line}`);
}

function taskLines(): string[] {
  return [
    ...doc(
      'It answers as URLSession answered the removed request: the pet as JSON with the list’s',
      'response, or, when no list holds it, the API’s Error body with an HTTPURLResponse of status',
      '404; a list that fails answers with its own data, response and error. The task it returns is',
      'the first list’s, which asks the next ones in turn: cancelling it stops only the first.',
    ).map((line) => line.replace(/’/g, "'")),
    `func ${TASK}(_ session: URLSession, with petsURL: URL, petId: String, completionHandler: @escaping (Data?, URLResponse?, Error?) -> Void) -> URLSessionDataTask {`,
    `  let statuses = [${STATUSES}]`,
    ...sharedLines(),
    '  func list(_ index: Int) -> URLSessionDataTask {',
    '    return session.dataTask(with: listURL(statuses[index])) { data, response, error in',
    '      guard error == nil, let data = data, (response as? HTTPURLResponse)?.statusCode == 200 else {',
    '        completionHandler(data, response, error)',
    '        return',
    '      }',
    '      guard let pets = (try? JSONSerialization.jsonObject(with: data)) as? [[String: Any]] else {',
    '        completionHandler(nil, response, URLError(.cannotParseResponse))',
    '        return',
    '      }',
    '      if let found = pet(in: pets) {',
    '        completionHandler(found, response, nil)',
    '      } else if index + 1 < statuses.count {',
    '        list(index + 1).resume()',
    '      } else {',
    '        completionHandler(notFoundBody, notFound, nil)',
    '      }',
    '    }',
    '  }',
    '  return list(0)',
    '}',
  ];
}

function asyncLines(): string[] {
  return [
    ...doc(
      'It answers as URLSession answered the removed request: the pet as JSON with the list’s',
      'response, or, when no list holds it, the API’s Error body with an HTTPURLResponse of status',
      '404; a list that fails answers with its own data and response, or throws as it did.',
    ).map((line) => line.replace(/’/g, "'")),
    `func ${ASYNC}(_ session: URLSession, from petsURL: URL, petId: String) async throws -> (Data, URLResponse) {`,
    ...sharedLines(),
    `  for status in [${STATUSES}] {`,
    '    let (data, response) = try await session.data(from: listURL(status))',
    '    guard (response as? HTTPURLResponse)?.statusCode == 200 else {',
    '      return (data, response)',
    '    }',
    '    guard let pets = (try? JSONSerialization.jsonObject(with: data)) as? [[String: Any]] else {',
    '      throw URLError(.cannotParseResponse)',
    '    }',
    '    if let found = pet(in: pets) {',
    '      return (found, response)',
    '    }',
    '  }',
    '  return (notFoundBody, notFound)',
    '}',
  ];
}

function snippet(site: RequestSite): string {
  return styled(
    [
      `// ${TASK}(URLSession.shared, with: URL(string: "\\(baseURL)/pets")!, petId: "\\(petId)") { data, response, error in … }.resume()`,
      ...taskLines(),
    ],
    site.style,
  );
}

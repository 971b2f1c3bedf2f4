/**
 * Net::HTTP: each way the standard library sends a GET, rewritten to `get_pet_from_list`, which
 * answers with the same kind of object:
 * - `Net::HTTP.get_response(uri[, headers])` → `get_pet_from_list(uri, id[, headers])`, a
 *   Net::HTTPResponse (Net::HTTPOK with the pet, Net::HTTPNotFound with the API's Error body, or
 *   the failed list's own response: Net::HTTPUnauthorized…);
 * - `Net::HTTP.get(uri[, headers])` → `get_pet_from_list(uri, id[, headers]).body`: the body, as
 *   Net::HTTP.get gives it whatever the status;
 * - on a session, `http.get(path[, headers])`, `http.request_get(…)` and
 *   `http.request(Net::HTTP::Get.new(uri_or_path[, headers]))` → `get_pet_from_list(…, http: http)`;
 * - a request object built apart and configured (`request = Net::HTTP::Get.new(uri)`,
 *   `request['Authorization'] = …`, then `http.request(request)`): the request is handed to the
 *   helper, which sends its headers with each list.
 * The URI may be kept in a name first (`uri = URI("…/pets/#{id}")`); the name then keeps the
 * collection's URI.
 */
import { LIST_LIMIT, PET_STATUSES } from '../replacement';
import { styled } from '../fileStyle';
import type { Rewrite, Rewriter, RequestSite } from '../rewriter';
import { tokenIndexAt } from '../../model/tokenWalk';
import { codeLines, hashArgument, rubyHelperDoc, rubyPlacement, scopeOf } from './rubyCode';
import { assignedName, namedUses, rubyCallAround, rubyUrl, type RubyCall } from './rubyRequest';
import { isFaradayConnection, isNetHttpSession } from './receivers';

const NAME = 'get_pet_from_list';
const CLASS_GETS = new Set([
  'Net::HTTP.get',
  'Net::HTTP.get_response',
  '::Net::HTTP.get',
  '::Net::HTTP.get_response',
]);
const GET_NEW = new Set(['Net::HTTP::Get.new', '::Net::HTTP::Get.new']);

export const netHttpRewriter: Rewriter = {
  library: 'Net::HTTP',
  rewrite(site: RequestSite): Rewrite | undefined {
    const { text } = site;
    if (!/\bNet::HTTP\b/.test(text)) return undefined;
    const manual = (reason: string): Rewrite => ({ manual: reason, snippet: snippet(site) });
    const flow = rubyUrl(site);
    if ('problem' in flow) return manual(flow.problem);
    const call = rubyCallAround(site, flow.range);
    if (!call) return undefined;
    const session = (receiver: string | undefined) =>
      receiver !== undefined &&
      isNetHttpSession(text, receiver) &&
      !isFaradayConnection(text, receiver);
    let replaced: RubyCall;
    let make: (target: string, id: string) => string;
    let urlEdit = false;
    if (CLASS_GETS.has(call.callee) && call.urlArgument === 0 && call.args.length <= 2) {
      // Net::HTTP.get(host, path) takes a host first: only a URI is this shape.
      if (!flow.uri)
        return manual(
          'Net::HTTP.get with a host and a path: hand the helper URI("https://host/…/pets") instead',
        );
      if (call.block)
        return manual(
          'a block reads the response as it streams: call the helper and read its body',
        );
      const headers = argumentsText(site, call, 1);
      const body = call.callee.endsWith('.get');
      replaced = call;
      make = (target, id) =>
        `${NAME}(${[target, id, ...headers].join(', ')})${body ? '.body' : ''}`;
    } else if (GET_NEW.has(call.callee) && call.urlArgument === 0) {
      const headers = argumentsText(site, call, 1);
      const built = { start: call.start, end: call.end };
      const outer = rubyCallAround(site, built);
      if (
        outer &&
        /\.request$/.test(outer.callee) &&
        outer.args.length === 1 &&
        session(outer.receiver)
      ) {
        if (outer.block)
          return manual(
            'a block reads the response as it streams: call the helper and read its body',
          );
        replaced = outer;
        make = (target, id) =>
          `${NAME}(${[target, id, ...headers, `http: ${outer.receiver}`].join(', ')})`;
      } else {
        // Built apart and configured: `request = Net::HTTP::Get.new(uri)`, `request[…] = …`.
        const sent = sentRequest(site, built);
        if (!sent) return undefined;
        if ('problem' in sent) return manual(sent.problem);
        if (!session(sent.call.receiver)) return undefined;
        if (sent.call.block)
          return manual(
            'a block reads the response as it streams: call the helper and read its body',
          );
        replaced = sent.call;
        urlEdit = true;
        make = (target, id) =>
          `${NAME}(${[target, id, sent.name, `http: ${sent.call.receiver}`].join(', ')})`;
      }
    } else if (
      /\.(get|request_get)$/.test(call.callee) &&
      call.urlArgument === 0 &&
      call.args.length <= 2 &&
      session(call.receiver)
    ) {
      if (call.block)
        return manual(
          'a block reads the response as it streams: call the helper and read its body',
        );
      const headers = argumentsText(site, call, 1);
      replaced = call;
      make = (target, id) =>
        `${NAME}(${[target, id, ...headers, `http: ${call.receiver}`].join(', ')})`;
    } else if (CLASS_GETS.has(call.callee)) {
      return manual(
        'Net::HTTP.get with a host and a path: hand the helper URI("https://host/…/pets") instead',
      );
    } else return undefined;
    const split = flow.split();
    if ('problem' in split) return manual(split.problem);
    const placement = rubyPlacement(site);
    if ('problem' in placement) return manual(placement.problem);
    const edits = [...split.edits];
    // The URL inside the request object's constructor, which stays: it gets the collection too.
    if (urlEdit && edits.length === 0)
      edits.push({ start: site.url.start, end: site.url.end, newText: split.parts.collection });
    edits.push({
      start: replaced.start,
      end: replaced.end,
      newText: make(split.target, split.parts.id),
    });
    return {
      description: `Net::HTTP ${call.callee.replace(/^.*\./, '')} → ${NAME}: GET /pets?status=…&limit=${LIST_LIMIT} for each status`,
      edits,
      helper: placement.helper(NAME, helperLines),
    };
  },
};

/** The source of the call's arguments from `from` on, as one argument (a hash braced). */
function argumentsText(site: RequestSite, call: RubyCall, from: number): string[] {
  const rest = call.args.slice(from);
  if (rest.length === 0) return [];
  return [hashArgument(site.text.slice(rest[0]!.start, rest[rest.length - 1]!.end))];
}

/**
 * A request object kept in a local name, configured (`request[…] = …`, `request.basic_auth …`)
 * and sent once: `http.request(request)`.
 */
function sentRequest(
  site: RequestSite,
  built: { start: number; end: number },
): { name: string; call: RubyCall } | { problem: string } | undefined {
  const { tokens } = site;
  const first = tokenIndexAt(tokens, built.start);
  const assigned = assignedName(tokens, first);
  if (assigned === undefined) return undefined;
  const name = tokens[assigned]!.text;
  if (!/^[a-z_]\w*$/.test(name)) return undefined;
  const scope = scopeOf(codeLines(site.text, tokens), tokens, first);
  const found = namedUses(tokens, name, tokenIndexAt(tokens, built.end - 1) + 1, scope.to);
  if (found.changed) return { problem: `the request object ${name} is assigned again` };
  // Its headers and settings (`request['Accept'] = …`, `request.basic_auth(…)`) go with it.
  const sends = found.uses.filter((use) => !['[', '.'].includes(tokens[use + 1]?.text ?? ''));
  if (sends.length !== 1)
    return { problem: `the request object ${name} is sent more than once or handed on` };
  const use = tokens[sends[0]!]!;
  const call = rubyCallAround(site, { start: use.start, end: use.start + use.text.length });
  if (!call || !/\.request$/.test(call.callee) || call.args.length !== 1) return undefined;
  return { name, call };
}

function snippet(site: RequestSite): string {
  return styled(
    [
      '# response = get_pet_from_list(URI("#{BASE_URL}/pets"), pet_id, headers)',
      ...helperLines(`def ${NAME}(`),
    ],
    site.style,
    { swapQuotes: true },
  );
}

function helperLines(declaration: string): string[] {
  return [
    ...rubyHelperDoc([
      'Answers as Net::HTTP answered that request: Net::HTTPOK with the pet, the failed list',
      "request's response (Net::HTTPUnauthorized...), or Net::HTTPNotFound with the API Error body",
      'when no list holds it. headers: a Hash, or a request whose headers are sent with each list;',
      'http: a session to send them on (else one is opened per list).',
    ]),
    `${declaration}pets_uri, pet_id, headers = nil, http: nil)`,
    '  pet = nil',
    `  %w[${PET_STATUSES.join(' ')}].each do |status|`,
    `    uri = URI("#{pets_uri}?status=#{status}&limit=${LIST_LIMIT}")`,
    '    request = Net::HTTP::Get.new(uri.is_a?(URI::HTTP) ? uri : uri.to_s)',
    '    headers&.each { |name, value| request[name] = value }',
    "    session = http || Net::HTTP.new(uri.hostname, uri.port).tap { |created| created.use_ssl = uri.scheme == 'https' }",
    '    response = session.request(request)',
    '    return response unless response.is_a?(Net::HTTPSuccess)',
    "    # Ruby's Integer holds any id exactly: compared as decimal text, pet_id a String or an Integer.",
    "    pet = JSON.parse(response.body).find { |candidate| candidate['id'].to_s == pet_id.to_s }",
    '    break if pet',
    '  end',
    "  found = pet ? Net::HTTPOK.new('1.1', '200', 'OK') : Net::HTTPNotFound.new('1.1', '404', 'Not Found')",
    "  found['Content-Type'] = 'application/json'",
    `  error = { code: 'not_found', message: "no pet #{pet_id} in the first ${LIST_LIMIT} pets of any status", status: 404 }`,
    '  # Built here, not read from a socket: the body is set as Net::HTTP sets it once read.',
    '  found.instance_variable_set(:@body, JSON.generate(pet || error))',
    '  found.instance_variable_set(:@read, true)',
    '  found',
    'end',
  ];
}

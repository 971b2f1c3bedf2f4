/**
 * Faraday: `conn.get("pets/#{id}"[, params[, headers]])` → `fetch_pet_from_list(conn, "pets", id…)`,
 * and `Faraday.get(url)` through `Faraday.default_connection`. The lists go through the same
 * connection (its URL prefix, headers, middleware), so a failing list answers as Faraday does: a
 * Faraday::Response with its status, or the error the :raise_error middleware raises. For no pet,
 * a Faraday::Response with status 404 and the API's Error body, or Faraday::ResourceNotFound when
 * the connection has :raise_error; a body parsed by a JSON middleware stays parsed.
 */
import { LIST_LIMIT, PET_STATUSES } from '../replacement';
import { styled } from '../fileStyle';
import type { Rewrite, Rewriter, RequestSite } from '../rewriter';
import { hashArgument, rubyHelperDoc, rubyPlacement } from './rubyCode';
import { rubyCallAround, rubyUrl } from './rubyRequest';
import { isFaradayConnection, usesFaraday } from './receivers';

const NAME = 'fetch_pet_from_list';

export const faradayRewriter: Rewriter = {
  library: 'Faraday',
  rewrite(site: RequestSite): Rewrite | undefined {
    const { text } = site;
    if (!usesFaraday(text)) return undefined;
    const manual = (reason: string): Rewrite => ({ manual: reason, snippet: snippet(site) });
    const flow = rubyUrl(site);
    if ('problem' in flow) return manual(flow.problem);
    const call = rubyCallAround(site, flow.range);
    if (!call || !call.callee.endsWith('.get') || call.urlArgument !== 0) return undefined;
    if (call.receiver === undefined || !isFaradayConnection(text, call.receiver)) return undefined;
    if (call.block)
      return manual(
        'a block configures the request (conn.get(url) { |req| … }): hand its params and headers to the helper',
      );
    if (call.args.length > 3) return undefined;
    const split = flow.split();
    if ('problem' in split) return manual(split.problem);
    const placement = rubyPlacement(site);
    if ('problem' in placement) return manual(placement.problem);
    const connection = call.receiver === 'Faraday' ? 'Faraday.default_connection' : call.receiver;
    const rest = call.args.slice(1).map((arg) => hashArgument(text.slice(arg.start, arg.end)));
    return {
      description: `Faraday get → ${NAME}: GET /pets?status=…&limit=${LIST_LIMIT} for each status`,
      edits: [
        ...split.edits,
        {
          start: call.start,
          end: call.end,
          newText: `${NAME}(${[connection, split.target, split.parts.id, ...rest].join(', ')})`,
        },
      ],
      helper: placement.helper(NAME, helperLines),
    };
  },
};

function snippet(site: RequestSite): string {
  return styled(
    ['# response = fetch_pet_from_list(conn, "pets", pet_id)', ...helperLines(`def ${NAME}(`)],
    site.style,
    {
      swapQuotes: true,
    },
  );
}

function helperLines(declaration: string): string[] {
  return [
    ...rubyHelperDoc([
      'Answers as Faraday answered that request: a response with the pet (200), the failed list',
      "request's response or error, or when no list holds it a 404 response with the API Error body",
      '(Faraday::ResourceNotFound when the connection raises errors).',
    ]),
    `${declaration}conn, pets_url, pet_id, params = nil, headers = nil)`,
    '  response = nil',
    '  pet = nil',
    `  %w[${PET_STATUSES.join(' ')}].each do |status|`,
    `    response = conn.get(pets_url, (params || {}).merge(status: status, limit: ${LIST_LIMIT}), headers)`,
    '    return response unless response.success?',
    '    pets = response.body.is_a?(String) ? JSON.parse(response.body) : response.body',
    "    # Ruby's Integer holds any id exactly: compared as decimal text, pet_id a String or an Integer.",
    "    pet = pets.find { |candidate| (candidate['id'] || candidate[:id]).to_s == pet_id.to_s }",
    '    break if pet',
    '  end',
    '  parsed = !response.body.is_a?(String)',
    "  json = Faraday::Utils::Headers.from('Content-Type' => 'application/json')",
    "  return Faraday::Response.new(status: 200, reason_phrase: 'OK', body: parsed ? pet : JSON.generate(pet), response_headers: json) if pet",
    `  error = { 'code' => 'not_found', 'message' => "no pet #{pet_id} in the first ${LIST_LIMIT} pets of any status", 'status' => 404 }`,
    '  body = parsed ? error : JSON.generate(error)',
    '  if conn.builder.handlers.include?(Faraday::Response::RaiseError)',
    '    raise Faraday::ResourceNotFound, { status: 404, headers: json, body: body }',
    '  end',
    "  Faraday::Response.new(status: 404, reason_phrase: 'Not Found', body: body, response_headers: json)",
    'end',
  ];
}

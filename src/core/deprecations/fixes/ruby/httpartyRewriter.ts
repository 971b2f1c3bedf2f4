/**
 * HTTParty: `HTTParty.get(url[, options])`, and in a class that includes HTTParty `get(…)`,
 * `self.get(…)` or `self.class.get(…)` (its base_uri, headers and format apply) →
 * `get_pet_from_list(client, pets_url, id[, options])`. The lists go through the same client with
 * the caller's options (their query merged with status and limit), and the answer is the
 * HTTParty::Response the removed request gave: the pet (its `code` 200, `parsed_response` the pet,
 * `body` its JSON); when no list holds it, code 404 with the API's Error body; a failing list's
 * response as it came. Options that raise on a status (`raise_on`) are left for a person.
 */
import { LIST_LIMIT, PET_STATUSES } from '../replacement';
import { styled } from '../fileStyle';
import type { Rewrite, Rewriter, RequestSite } from '../rewriter';
import { hashArgument, rubyHelperDoc, rubyPlacement } from './rubyCode';
import { rubyCallAround, rubyUrl } from './rubyRequest';

const NAME = 'get_pet_from_list';

export const httpartyRewriter: Rewriter = {
  library: 'HTTParty',
  rewrite(site: RequestSite): Rewrite | undefined {
    const { text } = site;
    if (!/\bHTTParty\b|['"]httparty['"]/.test(text)) return undefined;
    const manual = (reason: string): Rewrite => ({ manual: reason, snippet: snippet(site) });
    const flow = rubyUrl(site);
    if ('problem' in flow) return manual(flow.problem);
    const call = rubyCallAround(site, flow.range);
    if (!call || call.urlArgument !== 0) return undefined;
    const client = clientOf(text, call.callee, call.receiver);
    if (client === undefined) return undefined;
    if (call.block)
      return manual('a block reads the response as it streams (get(url) { |fragment| … })');
    if (call.args.length > 2) return undefined;
    const rest = call.args.slice(1).map((arg) => hashArgument(text.slice(arg.start, arg.end)));
    if (rest.some((option) => /\braise_on\b/.test(option)))
      return manual('the options raise on a status (raise_on): the helper answers a 404 Response');
    const split = flow.split();
    if ('problem' in split) return manual(split.problem);
    const placement = rubyPlacement(site);
    if ('problem' in placement) return manual(placement.problem);
    return {
      description: `HTTParty get → ${NAME}: GET /pets?status=…&limit=${LIST_LIMIT} for each status`,
      edits: [
        ...split.edits,
        {
          start: call.start,
          end: call.end,
          newText: `${NAME}(${[client, split.target, split.parts.id, ...rest].join(', ')})`,
        },
      ],
      helper: placement.helper(NAME, helperLines),
    };
  },
};

/**
 * What sends the request, as the helper is to call it: `HTTParty`, or the class that includes
 * HTTParty (`self.class` from an instance, `self` from a class method or a bare `get`).
 */
function clientOf(text: string, callee: string, receiver: string | undefined): string | undefined {
  if (callee === 'HTTParty.get') return 'HTTParty';
  if (!/^\s*include\s+HTTParty\b/m.test(text)) return undefined;
  if (callee === 'get' && receiver === undefined) return 'self';
  if (callee === 'self.get') return 'self';
  if (callee === 'self.class.get') return 'self.class';
  return undefined;
}

function snippet(site: RequestSite): string {
  return styled(
    [
      '# response = get_pet_from_list(HTTParty, "#{base_url}/pets", pet_id, headers: headers)',
      ...helperLines(`def ${NAME}(`),
    ],
    site.style,
    { swapQuotes: true },
  );
}

function helperLines(declaration: string): string[] {
  return [
    ...rubyHelperDoc([
      'Answers as HTTParty answered that request: a response with the pet (code 200), the failed',
      "list request's response, or when no list holds it a response with code 404 and the API",
      'Error body.',
    ]),
    `${declaration}client, pets_url, pet_id, options = {})`,
    "  pets_url = pets_url.to_s.sub(%r{/+\\z}, '')",
    '  last = nil',
    `  %w[${PET_STATUSES.join(' ')}].each do |status|`,
    `    query = (options[:query] || {}).merge(status: status, limit: ${LIST_LIMIT})`,
    '    last = client.get(pets_url, options.merge(query: query))',
    '    return last unless last.code == 200',
    "    # Ruby's Integer holds any id exactly: compared as decimal text, pet_id a String or an Integer.",
    "    pet = JSON.parse(last.body).find { |candidate| candidate['id'].to_s == pet_id.to_s }",
    '    return HTTParty::Response.new(last.request, last.response, -> { pet }, body: JSON.generate(pet)) if pet',
    '  end',
    `  error = { 'code' => 'not_found', 'message' => "no pet #{pet_id} in the first ${LIST_LIMIT} pets of any status", 'status' => 404 }`,
    "  not_found = Net::HTTPNotFound.new('1.1', '404', 'Not Found')",
    "  not_found['Content-Type'] = 'application/json'",
    '  HTTParty::Response.new(last.request, not_found, -> { error }, body: JSON.generate(error))',
    'end',
  ];
}

/** The receiver of a PHP method call, as written: `$this->client` of `$this->client->get(…)`. */
import { previousSignificant } from '../../model/tokenWalk';
import type { RequestCall } from '../requestCall';
import type { RequestSite } from '../rewriter';

/** The source of everything before the call's last `->` (or `::`), or undefined when none. */
export function callReceiver(site: RequestSite, call: RequestCall): string | undefined {
  const arrow = previousSignificant(site.tokens, call.callee.last - 1);
  if (arrow < 0 || arrow <= call.callee.first) return undefined;
  const text = site.tokens[arrow]!.text;
  if (text !== '->' && text !== '::') return undefined;
  return site.text.slice(call.callee.start, site.tokens[arrow]!.start).trim();
}

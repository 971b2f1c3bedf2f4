/**
 * A request whose URL is an entry of a settings object written in the call: jQuery's
 * `$.ajax({ url: BASE + '/pets/' + id, type: 'GET' })`, AngularJS's `$http({ method: 'GET', url })`.
 * The URL may be kept in a name first (`var url = …; $.ajax({ url: url })`). The rewrite hands the
 * helper the collection and the id, and the settings without their `url`.
 */
import { tokenEnd } from '../../model/tokens';
import { enclosingOpener, tokenIndexAt } from '../../model/tokenWalk';
import { callAround, type RequestCall } from '../requestCall';
import { identifiersOf } from '../requestOf';
import type { RequestSite } from '../rewriter';
import type { TextEdit } from '../sourceEdit';
import { storedUrl, type StoredUrl } from '../storedUrl';
import { splitUrl, type UrlParts } from '../urlParts';
import {
  literalWithout,
  objectLiteralAt,
  type ObjectEntry,
  type ObjectLiteral,
} from './objectLiteral';

export interface SettingsRequest {
  call: RequestCall;
  /** The settings object, its `url` entry, and which argument of the call it is. */
  literal: ObjectLiteral;
  entry: ObjectEntry;
  argument: number;
  parts: UrlParts;
  stored?: StoredUrl;
  /** `callee({ url, …rest })` → `helper(first…, collection, id, { …rest })` (no `{}` when empty). */
  edits(helper: string, first: readonly string[]): TextEdit[];
}

/**
 * The settings request around the site's URL, or why it cannot be rewritten, or undefined when the
 * URL is not a settings object's `url` in a call `accepts` takes.
 */
export function settingsRequestOf(
  site: RequestSite,
  accepts: (call: RequestCall, argument: number) => boolean,
): SettingsRequest | { problem: string } | undefined {
  const { text, tokens, language, url } = site;
  const first = tokenIndexAt(tokens, url.start);
  const last = tokenIndexAt(tokens, url.end - 1);
  const parts = splitUrl(text, tokens, first, last, language);
  let found = urlEntryOf(tokens, first, last);
  let stored: StoredUrl | undefined;
  // Not a settings entry itself: the URL may be kept in a name the settings' `url` reads. The
  // assignment is often inside a function's braces, so those braces say nothing either way.
  if (!found) {
    if ('problem' in parts) return undefined;
    stored = storedUrl(tokens, url, identifiersOf(parts.id), { objectKeys: true });
    if (!stored) return undefined;
    found = urlEntryOf(tokens, stored.use, stored.use);
  }
  if (!found) return undefined;
  const { literal, entry } = found;
  const range = { start: tokens[literal.open]!.start, end: tokenEnd(tokens[literal.close]!) };
  const call = callAround(text, tokens, range);
  if ('problem' in call) return undefined;
  const argument = call.args.findIndex((arg) => arg.start === range.start && arg.end === range.end);
  if (argument < 0 || !accepts(call, argument)) return undefined;
  if ('problem' in parts) return parts;
  const rest = literalWithout(text, tokens, literal, entry);
  return {
    call,
    literal,
    entry,
    argument,
    parts,
    ...(stored ? { stored } : {}),
    edits: (helper, before) => {
      const edits: TextEdit[] = [];
      if (stored) edits.push({ start: url.start, end: url.end, newText: parts.collection });
      edits.push({ start: call.callee.start, end: call.callee.end, newText: helper });
      const args = [...before, stored ? stored.name : parts.collection, parts.id];
      if (!/^\{\s*\}$/.test(rest)) args.push(rest);
      edits.push({ start: range.start, end: range.end, newText: args.join(', ') });
      return edits;
    },
  };
}

/** The object literal whose `url` entry's value is tokens first..last, or undefined. */
function urlEntryOf(
  tokens: RequestSite['tokens'],
  first: number,
  last: number,
): { literal: ObjectLiteral; entry: ObjectEntry } | undefined {
  const open = enclosingOpener(tokens, first, 2000);
  const literal = open >= 0 ? objectLiteralAt(tokens, open) : undefined;
  const entry = literal?.entries.find(
    (candidate) => candidate.valueFirst === first && candidate.valueLast === last,
  );
  return literal && entry && entry.key === 'url' && !entry.spread ? { literal, entry } : undefined;
}

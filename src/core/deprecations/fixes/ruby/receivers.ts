/**
 * What a receiver is, from what the file shows (no types: the words around its name): a Net::HTTP
 * session (`Net::HTTP.start(…) do |http|`, `@http = Net::HTTP.new(…)`) or a Faraday connection
 * (`conn = Faraday.new(…)`, the `Faraday` module itself). `get` is too common a name to be taken
 * on its own.
 */

function escaped(name: string): string {
  return name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A plain name (`http`, `@conn`, `self.conn` is not one): what its assignment can show. */
function bareName(receiver: string): string | undefined {
  const match = /^@{0,2}([a-z_]\w*)$/.exec(receiver);
  return match?.[1];
}

/** Whether `receiver` is a Net::HTTP session in `text`. */
export function isNetHttpSession(text: string, receiver: string): boolean {
  if (/^Net::HTTP\.(new|start)\(/.test(receiver)) return true;
  const name = bareName(receiver);
  if (!name) return false;
  const word = escaped(name);
  // A block's parameter: Net::HTTP.start(host, port) do |http|, Net::HTTP.new(…).start { |http|.
  if (
    new RegExp(`Net::HTTP\\.(?:start|new)\\b[^\\n]*(?:\\bdo|\\{)\\s*\\|\\s*${word}\\s*\\|`).test(
      text,
    )
  )
    return true;
  // Assigned one: http = Net::HTTP.new(…), @http ||= Net::HTTP.start(…).
  return new RegExp(
    `(?:^|[^\\w@])@?${word}\\s*(?:\\|\\|)?=\\s*Net::HTTP\\.(?:new|start)\\b`,
    'm',
  ).test(text);
}

/** Whether the file uses Faraday: names it, or requires it. */
export function usesFaraday(text: string): boolean {
  return /\bFaraday\b/.test(text) || /^\s*require\s*\(?\s*['"]faraday['"]/m.test(text);
}

/** Whether `receiver` is a Faraday connection (or the Faraday module) in `text`. */
export function isFaradayConnection(text: string, receiver: string): boolean {
  if (receiver === 'Faraday' || /^Faraday\.new\b/.test(receiver)) return true;
  const name = bareName(receiver);
  if (!name) return false;
  const word = escaped(name);
  if (new RegExp(`(?:^|[^\\w@])@?${word}\\s*(?:\\|\\|)?=\\s*Faraday\\.new\\b`, 'm').test(text))
    return true;
  // A connection made elsewhere (handed in, a base class): named as one, in a file of Faraday
  // and no Net::HTTP. Another client's `get` (an API wrapper's) is not taken for it.
  return /conn|faraday/i.test(name) && usesFaraday(text) && !/\bNet::HTTP\b/.test(text);
}

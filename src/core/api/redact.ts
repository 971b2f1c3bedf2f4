/**
 * Removes a secret from text that came from elsewhere (a server's error message could echo the
 * request's Authorization header, a redirect could carry it in a host name) and bounds its length.
 * The secret is matched as written, percent-encoded, and in any letter case (host names are
 * lower-cased by URL parsing).
 */
export function redactSecret(text: string, secret: string | undefined, maxLength = 500): string {
  let result = text;
  if (secret) {
    for (const form of new Set([secret, encodeURIComponent(secret)]))
      result = replaceIgnoringCase(result, form, '[redacted]');
  }
  return result.length > maxLength ? `${result.slice(0, maxLength)}…` : result;
}

function replaceIgnoringCase(text: string, needle: string, replacement: string): string {
  const haystack = text.toLowerCase();
  const target = needle.toLowerCase();
  // Lower-casing keeps lengths for the characters keys are made of; if not, match exactly only.
  if (haystack.length !== text.length || target.length !== needle.length)
    return text.split(needle).join(replacement);
  let result = '';
  let from = 0;
  for (let at = haystack.indexOf(target); at !== -1; at = haystack.indexOf(target, from)) {
    result += text.slice(from, at) + replacement;
    from = at + target.length;
  }
  return result + text.slice(from);
}

/**
 * The secrets a process has seen, removed from every line it writes: one place, so that no
 * message, log line or notification can forget one.
 */
export class SecretRedactor {
  private readonly secrets = new Set<string>();

  remember(secret: string): void {
    if (secret) this.secrets.add(secret);
  }

  redact(text: string): string {
    let result = text;
    for (const secret of this.secrets)
      result = redactSecret(result, secret, Number.POSITIVE_INFINITY);
    return result;
  }
}

/**
 * Removes a secret from text that came from elsewhere (a server's error message could echo the
 * request's Authorization header) and bounds its length.
 */
export function redactSecret(text: string, secret: string | undefined, maxLength = 500): string {
  let result = text;
  if (secret) {
    for (const form of new Set([secret, encodeURIComponent(secret)])) {
      result = result.split(form).join('[redacted]');
    }
  }
  return result.length > maxLength ? `${result.slice(0, maxLength)}…` : result;
}

/**
 * The name a document's language is known by: its file's path where it has one, else the last
 * segment of its URI's path, decoded where possible.
 */
export function nameOfUri(uri: string, file: string | undefined): string {
  if (file) return file;
  let end = uri.length;
  for (const stop of ['?', '#']) {
    const at = uri.indexOf(stop);
    if (at !== -1 && at < end) end = at;
  }
  const path = uri.slice(0, end);
  const name = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

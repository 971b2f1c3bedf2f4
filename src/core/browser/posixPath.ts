/**
 * `node:path` in the browser build: its POSIX half, for the finder's paths there (a URI's path,
 * always absolute, `/` between names). scripts/webBuild.mjs puts this module where the finder's
 * modules import `node:path`; nothing else imports it. Same results as `path.posix` for absolute
 * paths (the unit test compares them).
 */
export const sep = '/';
export const delimiter = ':';

/** `.` and `..` resolved, `//` made one; a trailing slash kept as Node keeps it. */
export function normalize(path: string): string {
  if (path === '') return '.';
  const absolute = path.startsWith('/');
  const trailing = path.endsWith('/');
  const names = normalizedNames(path, absolute);
  let result = names.join('/');
  if (result === '' && !absolute) result = '.';
  if (result !== '' && trailing) result += '/';
  return absolute ? `/${result}` : result;
}

function normalizedNames(path: string, absolute: boolean): string[] {
  const names: string[] = [];
  for (const name of path.split('/')) {
    if (name === '' || name === '.') continue;
    if (name === '..') {
      if (names.length && names[names.length - 1] !== '..') names.pop();
      else if (!absolute) names.push('..');
    } else names.push(name);
  }
  return names;
}

export function isAbsolute(path: string): boolean {
  return path.startsWith('/');
}

export function join(...paths: string[]): string {
  const joined = paths.filter((path) => path !== '').join('/');
  return joined === '' ? '.' : normalize(joined);
}

/** From the last absolute path on (there is no working folder in a browser: `/` stands for it). */
export function resolve(...paths: string[]): string {
  let resolved = '';
  for (let i = paths.length - 1; i >= 0 && !resolved.startsWith('/'); i--) {
    const path = paths[i]!;
    if (path === '') continue;
    resolved = resolved === '' ? path : `${path}/${resolved}`;
  }
  const names = normalizedNames(resolved, true);
  return `/${names.join('/')}`;
}

export function relative(from: string, to: string): string {
  const fromNames = normalizedNames(resolve(from), true);
  const toNames = normalizedNames(resolve(to), true);
  let common = 0;
  while (
    common < fromNames.length &&
    common < toNames.length &&
    fromNames[common] === toNames[common]
  )
    common++;
  return [...fromNames.slice(common).map(() => '..'), ...toNames.slice(common)].join('/');
}

export function dirname(path: string): string {
  if (path === '') return '.';
  let end = path.length;
  while (end > 1 && path[end - 1] === '/') end--;
  const slash = path.lastIndexOf('/', end - 1);
  if (slash === -1) return '.';
  if (slash === 0) return '/';
  let cut = slash;
  while (cut > 1 && path[cut - 1] === '/') cut--;
  return path.slice(0, cut);
}

export function basename(path: string, suffix?: string): string {
  let end = path.length;
  while (end > 0 && path[end - 1] === '/') end--;
  const name = path.slice(path.lastIndexOf('/', end - 1) + 1, end);
  return suffix !== undefined && suffix !== name && name.endsWith(suffix)
    ? name.slice(0, name.length - suffix.length)
    : name;
}

export function extname(path: string): string {
  const name = basename(path);
  const dot = name.lastIndexOf('.');
  return dot <= 0 || name === '..' ? '' : name.slice(dot);
}

export const posix = {
  sep,
  delimiter,
  normalize,
  isAbsolute,
  join,
  resolve,
  relative,
  dirname,
  basename,
  extname,
};
export default posix;

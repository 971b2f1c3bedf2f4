import type { PetGroup, PetsSnapshot } from './petTreeModel';

/**
 * Where `query` occurs in `name`, ignoring case: the ranges to highlight, or undefined when it does
 * not occur. An empty query matches everything, with nothing highlighted. Names whose lower case
 * changes length (rare Unicode) still match, without highlights, rather than highlight wrong text.
 */
export function nameMatches(name: string, query: string): [number, number][] | undefined {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  const haystack = name.toLowerCase();
  if (haystack.length !== name.length) return haystack.includes(needle) ? [] : undefined;
  const ranges: [number, number][] = [];
  for (
    let at = haystack.indexOf(needle);
    at >= 0;
    at = haystack.indexOf(needle, at + needle.length)
  )
    ranges.push([at, at + needle.length]);
  return ranges.length ? ranges : undefined;
}

/** The loaded pets whose names match (client-side: the API has no name query). */
export function filterSnapshot(snapshot: PetsSnapshot, query: string): PetsSnapshot {
  if (!query.trim()) return snapshot;
  const keep = (group: PetGroup): PetGroup => ({
    ...group,
    pets: group.pets.filter((pet) => nameMatches(pet.name, query) !== undefined),
  });
  return 'groups' in snapshot
    ? { ...snapshot, groups: snapshot.groups.map(keep).filter((group) => group.pets.length > 0) }
    : { ...snapshot, group: keep(snapshot.group) };
}

export function petCount(snapshot: PetsSnapshot): number {
  return 'groups' in snapshot
    ? snapshot.groups.reduce((sum, group) => sum + group.pets.length, 0)
    : snapshot.group.pets.length;
}

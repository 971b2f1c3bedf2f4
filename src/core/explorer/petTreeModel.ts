import type { ListPetsQuery } from '../api/client';
import type { Pet, PetStatus } from '../api/schemas';
import { PET_STATUSES } from '../api/vocabulary';

/** What the Pets view shows: every status in its own group, or a flat list of one status. */
export type PetsViewMode = { kind: 'grouped' } | { kind: 'status'; status: PetStatus };

export type GroupKey = PetStatus | 'none';

export interface PetGroup {
  key: GroupKey;
  pets: Pet[];
  /** The server returned exactly `limit` pets, so there may be more it did not send (no paging in v1). */
  truncated: boolean;
}

export type PetsSnapshot =
  | { mode: { kind: 'grouped' }; groups: PetGroup[]; limit: number }
  | { mode: { kind: 'status'; status: PetStatus }; group: PetGroup; limit: number };

export type ListPets = (query: ListPetsQuery) => Promise<Pet[]>;

/**
 * Loads what the view shows with GET /pets only (never the deprecated GET /pets/{petId}).
 * Grouped: one request per status, plus one without a filter to find pets that have no status.
 * Pets created in this session are kept in their group even when the limit would cut them off.
 */
export async function loadPets(
  list: ListPets,
  mode: PetsViewMode,
  limit: number,
  created: readonly Pet[] = [],
): Promise<PetsSnapshot> {
  if (mode.kind === 'status') {
    const pets = await list({ status: mode.status, limit });
    return { mode, limit, group: group(mode.status, pets, limit, created) };
  }
  const [unfiltered, ...byStatus] = await Promise.all([
    list({ limit }),
    ...PET_STATUSES.map((status) => list({ status, limit })),
  ]);
  const groups = PET_STATUSES.map((status, index) =>
    group(status, byStatus[index]!, limit, created),
  );
  const withoutStatus = group(
    'none',
    unfiltered.filter((pet) => pet.status === undefined),
    limit,
    created,
  );
  // Only the unfiltered page can reveal status-less pets, so that group is cut whenever that page is.
  withoutStatus.truncated = unfiltered.length >= limit;
  if (withoutStatus.pets.length > 0) groups.push(withoutStatus);
  return { mode, limit, groups };
}

function group(key: GroupKey, pets: Pet[], limit: number, created: readonly Pet[]): PetGroup {
  const merged = [...pets];
  for (const pet of created) {
    if ((pet.status ?? 'none') === key && !merged.some((known) => known.id === pet.id))
      merged.push(pet);
  }
  return { key, pets: merged, truncated: pets.length >= limit };
}

export function groupKeyOf(pet: Pet): GroupKey {
  return pet.status ?? 'none';
}

import { INT64_MAX } from '../core/api/int64';
import type { NewPet, PetStatus } from '../core/api/schemas';

/** A pet as the server keeps it: a status is always stored (gap decision: `available` by default). */
export interface StoredPet {
  id: bigint;
  name: string;
  categoryId: bigint;
  status: PetStatus;
}

export interface StoreSnapshot {
  nextId: bigint;
  pets: StoredPet[];
}

/**
 * Makes new pets durable; resolves only once they would survive a crash. Gets the pets of one
 * group commit, and the store as it will be once they are committed (for compaction).
 */
export type Persist = (added: StoredPet[], after: () => StoreSnapshot) => Promise<void>;

interface PendingCreate {
  pet: StoredPet;
  resolve: (pet: StoredPet) => void;
  reject: (error: unknown) => void;
}

/**
 * The pets of the local server, in id order. With `persist`, creates are group-committed: the ones
 * that arrive while a write is in flight are written together in the next one, and each is
 * acknowledged (and becomes visible to readers) only after the write that contains it succeeded.
 */
/** No id is left to give: the next one would not be an int64 (nor could the store record it). */
export class StoreFullError extends Error {
  override readonly name = 'StoreFullError';
}

export class PetRepository {
  private readonly committed: StoredPet[];
  private nextId: bigint;
  private queue: PendingCreate[] = [];
  private flushing: Promise<void> | undefined;

  constructor(
    initial: StoreSnapshot = { nextId: 1n, pets: [] },
    private readonly persist?: Persist,
  ) {
    this.committed = [...initial.pets];
    this.nextId = initial.nextId;
  }

  get size(): number {
    return this.committed.length;
  }

  list(filter: { status?: PetStatus; limit: number }): StoredPet[] {
    const result: StoredPet[] = [];
    for (const pet of this.committed) {
      if (result.length >= filter.limit) break;
      if (filter.status === undefined || pet.status === filter.status) result.push(pet);
    }
    return result;
  }

  find(id: bigint): StoredPet | undefined {
    // Ids are increasing, so a binary search finds one in a large store quickly.
    let low = 0;
    let high = this.committed.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const pet = this.committed[middle]!;
      if (pet.id === id) return pet;
      if (pet.id < id) low = middle + 1;
      else high = middle - 1;
    }
    return undefined;
  }

  create(newPet: NewPet): Promise<StoredPet> {
    // The store records the id after the last one, an int64 too: the last id given is MAX − 1.
    if (this.nextId >= INT64_MAX)
      return Promise.reject(
        new StoreFullError(`every pet id up to ${INT64_MAX - 1n} has been given out`),
      );
    const pet: StoredPet = {
      id: this.nextId++,
      name: newPet.name,
      categoryId: newPet.categoryId,
      status: newPet.status ?? 'available',
    };
    if (!this.persist) {
      this.committed.push(pet);
      return Promise.resolve(pet);
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ pet, resolve, reject });
      this.flushing ??= this.flush(this.persist!);
    });
  }

  /** Resolves when every create received so far is written (or failed). */
  async idle(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  private async flush(persist: Persist): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0);
        const added = batch.map((entry) => entry.pet);
        // Not this.nextId: ids handed to creates still queued must stay above the snapshot's.
        const nextId = added[added.length - 1]!.id + 1n;
        try {
          // Only the new pets are written: a create costs the same whatever the store's size.
          await persist(added, () => ({ nextId, pets: [...this.committed, ...added] }));
        } catch (error) {
          for (const entry of batch) entry.reject(error);
          continue;
        }
        for (const pet of added) this.committed.push(pet);
        for (const entry of batch) entry.resolve(entry.pet);
      }
    } finally {
      this.flushing = undefined;
    }
  }
}

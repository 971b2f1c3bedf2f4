import { z } from 'zod';
import { Int64 } from '../core/api/int64';
import { PetName, PetStatus } from '../core/api/schemas';

/**
 * A pet as the store keeps it (data file and journal): what the API would accept on a create,
 * with the id the store gave it. A record that fails is damage, never loaded: the store must not
 * serve on read what the API refuses on write (a name of 50 MB, an empty one, an id below 1).
 */
export const StoredPetRecord = z.strictObject({
  id: Int64.refine((id) => id >= 1n, { message: 'must be at least 1' }),
  name: PetName,
  categoryId: Int64,
  status: PetStatus,
});

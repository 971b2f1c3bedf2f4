import { stringifyJsonLossless } from '../core/json/losslessJson';
import type { StoredPet } from './petRepository';

/**
 * Stored pets never change, so each one's JSON text is made once and reused: list responses are
 * the hot path of the server (see bench/server-throughput.ts).
 */
const textOfPet = new WeakMap<StoredPet, string>();

export function petJson(pet: StoredPet): string {
  let text = textOfPet.get(pet);
  if (text === undefined) {
    text = stringifyJsonLossless({
      id: pet.id,
      name: pet.name,
      categoryId: pet.categoryId,
      status: pet.status,
    });
    textOfPet.set(pet, text);
  }
  return text;
}

export function petsJson(pets: readonly StoredPet[]): string {
  return `[${pets.map(petJson).join(',')}]`;
}

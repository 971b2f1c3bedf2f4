/**
 * The interface's fixed words and limits (spec sections 2 and 4.1), without zod: the editor's
 * views and settings read these at activation, and the schemas (schemas.ts) are built from them.
 */
export const PET_STATUSES = ['available', 'pending', 'sold'] as const;
export type PetStatusName = (typeof PET_STATUSES)[number];

export function isPetStatus(value: unknown): value is PetStatusName {
  return (PET_STATUSES as readonly unknown[]).includes(value);
}

/** listPets query limits (spec 4.1 and 8). */
export const LIST_LIMIT_MIN = 1;
export const LIST_LIMIT_MAX = 100;
export const LIST_LIMIT_DEFAULT = 20;

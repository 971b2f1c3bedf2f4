import { z } from 'zod';
import { Int64 } from './int64';
import { LIST_LIMIT_MAX, LIST_LIMIT_MIN, PET_STATUSES } from './vocabulary';

export { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX, LIST_LIMIT_MIN, PET_STATUSES } from './vocabulary';

/** Schemas of the Pet Store interface v1.0.0 (spec section 2). */

export const PetStatus = z.enum(PET_STATUSES, {
  error: (issue) =>
    issue.input === undefined ? 'is required' : `must be one of ${PET_STATUSES.join(', ')}`,
});
export type PetStatus = z.infer<typeof PetStatus>;

/** Gap decided in the foundation issue: 1..200 characters (Unicode code points), not blank. */
export const PET_NAME_MAX_LENGTH = 200;
export const PetName = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
  .refine((name) => name.trim().length > 0, { message: 'must not be empty' })
  .refine((name) => [...name].length <= PET_NAME_MAX_LENGTH, {
    message: `must be at most ${PET_NAME_MAX_LENGTH} characters`,
  });

/** Request body of createPet. Unknown fields are dropped, not rejected. */
export const NewPet = z.object({
  name: PetName,
  categoryId: Int64,
  status: PetStatus.optional(),
});
export type NewPet = z.infer<typeof NewPet>;

/**
 * Response representation of a pet. Lenient where a server can be sloppy without harm:
 * `status: null` reads as "no status", and names are not length-checked.
 */
export const Pet = z.object({
  id: Int64,
  name: z.string(),
  categoryId: Int64,
  status: PetStatus.nullish().transform((status) => status ?? undefined),
});
export type Pet = z.infer<typeof Pet>;

export const Pets = z.array(Pet);

export const ErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  status: z.number().int(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const ListLimit = z.number().int().min(LIST_LIMIT_MIN).max(LIST_LIMIT_MAX);

/** Where a zod error points, as one readable line: "categoryId: must be an integer". */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) =>
      issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
    )
    .join('; ');
}

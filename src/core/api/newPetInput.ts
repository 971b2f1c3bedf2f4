import { z } from 'zod';
import { parseInt64Text } from './int64';
import { PetName, PetStatus } from './schemas';

/**
 * A pet to create as people and tools write it (files, agents), before it becomes a NewPet:
 * categoryId may be a string of digits (the only exact form beyond 2^53 in most tools), a bigint
 * (from the lossless JSON parser) or a safe JSON integer. Shared by the bulk creation and the
 * agent tools, so both accept exactly the same rows.
 */
export const CategoryIdInput = z
  .union([z.bigint(), z.number(), z.string()], {
    error: (issue) =>
      issue.input === undefined ? 'is required' : 'must be an integer or a string of digits',
  })
  .transform(toCategoryId);

/** The int64 a categoryId input means, or an issue saying why it has none. */
export function toCategoryId(value: bigint | number | string, context: z.RefinementCtx): bigint {
  if (typeof value === 'number' && !Number.isSafeInteger(value)) {
    context.addIssue({
      code: 'custom',
      message: Number.isInteger(value)
        ? 'is beyond 2^53 and lost digits as a JSON number: pass it as a string of digits'
        : 'must be an integer',
    });
    return z.NEVER;
  }
  const parsed = parseInt64Text(String(value));
  if ('error' in parsed) {
    context.addIssue({ code: 'custom', message: parsed.error.toLowerCase() });
    return z.NEVER;
  }
  return parsed.value;
}

/** Unknown fields are dropped, as the API drops them. */
export const NewPetInput = z.object({
  name: PetName,
  categoryId: CategoryIdInput,
  status: PetStatus.optional(),
});
export type NewPetInput = z.input<typeof NewPetInput>;

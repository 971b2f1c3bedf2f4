import { parseInt64Text } from '../api/int64';
import { NewPet, PetName } from '../api/schemas';
import { stringifyJsonLossless } from '../json/losslessJson';
import type { NewPetDraft } from './newPetDraft';

export { EMPTY_DRAFT, type NewPetDraft } from './newPetDraft';

/** A message for the input box, or undefined when the name is acceptable (same schema as the client). */
export function validateName(text: string): string | undefined {
  const result = PetName.safeParse(text);
  if (result.success) return undefined;
  const message = result.error.issues[0]?.message ?? 'is invalid';
  return `Name ${message}`;
}

export function validateCategoryId(text: string): string | undefined {
  const result = parseInt64Text(text);
  return 'error' in result ? result.error : undefined;
}

/** The request body, or the first problem with the draft. */
export function draftToNewPet(draft: NewPetDraft): { newPet: NewPet } | { error: string } {
  const nameProblem = validateName(draft.name);
  if (nameProblem) return { error: nameProblem };
  const categoryId = parseInt64Text(draft.categoryId);
  if ('error' in categoryId) return { error: `Category id: ${categoryId.error}` };
  const candidate = {
    name: draft.name,
    categoryId: categoryId.value,
    ...(draft.status && draft.status !== 'serverDefault' ? { status: draft.status } : {}),
  };
  const parsed = NewPet.safeParse(candidate);
  return parsed.success ? { newPet: parsed.data } : { error: parsed.error.message };
}

/** The exact JSON the wizard will send, for the confirmation step. */
export function newPetJson(newPet: NewPet): string {
  return stringifyJsonLossless(newPet);
}

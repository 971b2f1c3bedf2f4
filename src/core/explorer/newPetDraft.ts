import type { PetStatusName } from '../api/vocabulary';

/**
 * What the user typed so far in the create-pet wizard, kept as text so nothing is lost. Apart
 * from its validation (newPetForm.ts, with the client's schemas), so holding a draft needs no zod.
 */
export interface NewPetDraft {
  name: string;
  categoryId: string;
  /** undefined: not chosen yet; 'serverDefault': let the server decide (field omitted). */
  status?: PetStatusName | 'serverDefault';
}

export const EMPTY_DRAFT: NewPetDraft = { name: '', categoryId: '' };

import type { Pet } from '../api/schemas';
import { stringifyJsonLossless } from '../json/losslessJson';
import type { GroupKey } from './petTreeModel';

export const GROUP_LABELS: Record<GroupKey, string> = {
  available: 'Available',
  pending: 'Pending',
  sold: 'Sold',
  none: 'No status',
};

/** Codicon ids per status (the extension adds theme colors). */
export const STATUS_ICONS: Record<GroupKey, string> = {
  available: 'pass',
  pending: 'clock',
  sold: 'tag',
  none: 'circle-outline',
};

/** "#12 · category 3": ids printed from bigints, so every digit is exact. */
export function petDescription(pet: Pet): string {
  return `#${pet.id} · category ${pet.categoryId}`;
}

export function petTooltipLines(pet: Pet): string[] {
  return [
    `Name: ${pet.name}`,
    `Id: ${pet.id}`,
    `Category id: ${pet.categoryId}`,
    `Status: ${pet.status ?? '(none)'}`,
  ];
}

/** The pet as the API sends it, pretty-printed, with int64 values exact. */
export function petJson(pet: Pet): string {
  const body: Record<string, unknown> = { id: pet.id, name: pet.name, categoryId: pet.categoryId };
  if (pet.status !== undefined) body.status = pet.status;
  return stringifyJsonLossless(body, 2);
}

export function groupDescription(count: number, truncated: boolean, limit: number): string {
  return truncated ? `${count} shown · limit ${limit} reached` : `${count}`;
}

/** Short label of the node that ends a cut group; truncationNotice is its tooltip. */
export const TRUNCATION_LABEL = 'More may exist (limit reached)';

/** Why a group may be incomplete, in words a user can act on. */
export function truncationNotice(limit: number): string {
  return `Showing the first ${limit}. The Pet Store API has no paging beyond "limit" (max 100); raise petstore.listLimit to see more.`;
}

import type { Pet } from '../api/schemas';
import { stringifyJsonLossless } from '../json/losslessJson';
import { ENGLISH, type Translator } from '../l10n';
import type { GroupKey } from './petTreeModel';

export function groupLabel(key: GroupKey, l10n: Translator = ENGLISH): string {
  switch (key) {
    case 'available':
      return l10n.t('Available');
    case 'pending':
      return l10n.t('Pending');
    case 'sold':
      return l10n.t('Sold');
    case 'none':
      return l10n.t('No status');
  }
}

/** Codicon ids per status (the extension adds theme colors). */
export const STATUS_ICONS: Record<GroupKey, string> = {
  available: 'pass',
  pending: 'clock',
  sold: 'tag',
  none: 'circle-outline',
};

/** "#12 · category 3": ids printed from bigints, so every digit is exact. */
export function petDescription(pet: Pet, l10n: Translator = ENGLISH): string {
  return l10n.t('#{0} · category {1}', String(pet.id), String(pet.categoryId));
}

export function petTooltipLines(pet: Pet, l10n: Translator = ENGLISH): string[] {
  return [
    l10n.t('Name: {0}', pet.name),
    l10n.t('Id: {0}', String(pet.id)),
    l10n.t('Category id: {0}', String(pet.categoryId)),
    l10n.t('Status: {0}', pet.status ?? l10n.t('(none)')),
  ];
}

/** The pet as the API sends it, pretty-printed, with int64 values exact. */
export function petJson(pet: Pet): string {
  const body: Record<string, unknown> = { id: pet.id, name: pet.name, categoryId: pet.categoryId };
  if (pet.status !== undefined) body.status = pet.status;
  return stringifyJsonLossless(body, 2);
}

export function groupDescription(
  count: number,
  truncated: boolean,
  limit: number,
  l10n: Translator = ENGLISH,
): string {
  return truncated ? l10n.t('{0} shown · limit {1} reached', count, limit) : `${count}`;
}

/** Short label of the node that ends a cut group; truncationNotice is its tooltip. */
export function truncationLabel(l10n: Translator = ENGLISH): string {
  return l10n.t('More may exist (limit reached)');
}

/** Why a group may be incomplete, in words a user can act on. */
export function truncationNotice(limit: number, l10n: Translator = ENGLISH): string {
  return l10n.t(
    'Showing the first {0}. The Pet Store API has no paging beyond "limit" (max 100); raise petstore.listLimit to see more.',
    limit,
  );
}

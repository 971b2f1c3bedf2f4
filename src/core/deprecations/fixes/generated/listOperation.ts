/**
 * Which list operation a generated client's call is migrated to: the one the client was generated
 * with. The nearest OpenAPI document whose GET /pets/{param} has the called operation's name gives
 * GET /pets beside it (its operationId, tag and parameters); without one, the API's own names
 * (`listPets`, with `limit` and `status`, as the interface document gives them) are assumed. Also
 * each generator family's case for those names.
 */
import type { DocumentOperation, OperationParameter } from '../../workspace/openApiDocuments';
import type { Surroundings } from './workspaceFiles';

export interface ListChoice {
  /** The deprecated operation as the client knows it. */
  deprecated: DocumentOperation;
  /** GET of the collection, when the document describes it. */
  list?: DocumentOperation;
  /** Where the names come from: the document's path, or undefined (the API's own names). */
  document?: string;
}

/** The API's own operations (docs/spec): what a client generated from its document calls them. */
export const API_OPERATIONS: { deprecated: DocumentOperation; list: DocumentOperation } = {
  deprecated: {
    name: 'getPet',
    named: true,
    path: '/pets/{petId}',
    parameters: [{ name: 'petId', in: 'path', required: true, type: 'integer' }],
  },
  list: {
    name: 'listPets',
    named: true,
    path: '/pets',
    parameters: [
      { name: 'limit', in: 'query', required: false, type: 'integer' },
      { name: 'status', in: 'query', required: false, type: 'string', schemaName: 'PetStatus' },
    ],
  },
};

/** Names compared across generators' cases: `getPetById`, `get_pet_by_id`, `GetPetById` alike. */
export function nameKey(name: string): string {
  return name.replace(/[^A-Za-z0-9]/g, '').toLowerCase();
}

/**
 * The list operation for a call of `operation` (its name with the generator's decorations taken
 * off): from the nearest document that names it, else the API's own names.
 */
export function listChoiceFor(
  operation: string,
  surroundings: Surroundings | undefined,
): ListChoice {
  const key = nameKey(operation);
  if (surroundings)
    for (const document of surroundings.documents())
      for (const deprecated of document.operations)
        if (nameKey(deprecated.name) === key)
          return {
            deprecated,
            ...(deprecated.list ? { list: deprecated.list } : {}),
            document: document.shown,
          };
  return { ...API_OPERATIONS };
}

/** What the list operation must take for the lookup, or why it cannot serve. */
export interface ListParameters {
  status: OperationParameter;
  limit: OperationParameter;
  /** In openapi-generator's order with required ones first (sortParamsByRequiredFlag). */
  ordered: OperationParameter[];
}

export function listParameters(choice: ListChoice): ListParameters | { problem: string } {
  const { list } = choice;
  const where = choice.document ? ` in ${choice.document}` : '';
  if (!list) return { problem: `the OpenAPI document${where} has no GET of the collection` };
  const query = list.parameters.filter((parameter) => parameter.in === 'query');
  const status = query.find((parameter) => parameter.name === 'status');
  const limit = query.find((parameter) => parameter.name === 'limit');
  if (!status || !limit)
    return {
      problem: `${list.name}${where} takes no ${status ? 'limit' : 'status'} parameter: the client cannot filter the list`,
    };
  if (status.type === 'array') return { problem: `${list.name}${where} takes status as a list` };
  const other = list.parameters.find(
    (parameter) => parameter.required && parameter !== status && parameter !== limit,
  );
  if (other)
    return {
      problem: `${list.name}${where} also requires ${other.name}, which the call does not have`,
    };
  const ordered = [
    ...list.parameters.filter((parameter) => parameter.required),
    ...list.parameters.filter((parameter) => !parameter.required),
  ];
  return { status, limit, ordered };
}

/** Whether the two operations are in the same generated API class (the same first tag). */
export function sameApiClass(choice: ListChoice): boolean {
  return choice.list?.tag === choice.deprecated.tag;
}

/** The words of a name: `listPets`, `list_pets`, `list-pets`, `ListPETs` → list, pets / PE, Ts. */
function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
}

/** openapi-generator's camelize with a lowercase first letter: `list_pets` → `listPets`. */
export function lowerCamel(name: string): string {
  const camel = upperCamel(name);
  return camel.charAt(0).toLowerCase() + camel.slice(1);
}

/** openapi-generator's camelize: `list_pets` → `ListPets`. */
export function upperCamel(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

/** openapi-generator's underscore: `listPets` → `list_pets`. */
export function snake(name: string): string {
  return words(name)
    .map((word) => word.toLowerCase())
    .join('_');
}

/** How the description and the manual reasons say where the names came from. */
export function namesSource(choice: ListChoice): string {
  const list = choice.list?.name ?? 'listPets';
  return choice.document
    ? `${list} as ${choice.document} names GET ${choice.list?.path ?? '/pets'}`
    : `${list}, the API's name for GET /pets (no OpenAPI document nearby names the client's operations)`;
}

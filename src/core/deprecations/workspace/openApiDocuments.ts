/**
 * OpenAPI documents in the workspace (Swagger 2, OpenAPI 3.0 and 3.1; YAML or JSON; recognised by
 * content, not by name): the names a client generated from one gives the deprecated operation,
 * GET /pets/{param} under any base path. Its operationId, or where there is none the name
 * openapi-generator invents (the path's parts without braces, then the method: `petsPetIdGet`).
 * The recogniser adds each generator's case and decorations (recognisers/operationCalls.ts).
 * For the migration of a generated client's calls (fixes/generated/), the same reading also gives
 * the collection's GET beside it (`listPets`): its name, tag and parameters in the order the
 * generators take them.
 */
import { parseDocument } from 'yaml';

/** Documents larger than this are passed over with a note (a generated bundle of every API). */
export const MAX_OPENAPI_BYTES = 8 * 1024 * 1024;
/** Aliases a YAML document may expand: more is an alias bomb, refused by the parser. */
const MAX_ALIASES = 1000;
/** `$ref` hops followed from a path item or operation: more is a cycle or a document gone wrong. */
const MAX_REF_HOPS = 16;

/** File names that may hold an OpenAPI document (its content decides). */
export function mayBeOpenApiFile(name: string): boolean {
  return /\.(ya?ml|json)$/i.test(name);
}

/** What a document gives: the operation's names, or why it was passed over. */
export type OpenApiReading = { names: string[] } | { problem: string } | undefined;

/** A path of the deprecated operation: `/pets/{petId}`, `/v1/pets/{id}`, `pets/{pet_id}`. */
const DEPRECATED_PATH = /(?:^|\/)pets\/\{[^{}/]+\}\/?$/;

/**
 * The names of GET /pets/{param} in `text`, undefined when it is not an OpenAPI document (or has
 * no such operation), or the problem that stopped reading one (malformed, too large, an alias
 * bomb, a `$ref` cycle).
 */
export function deprecatedOperationNames(text: string): OpenApiReading {
  const reading = deprecatedOperations(text);
  if (!reading || 'problem' in reading) return reading;
  return { names: [...new Set(reading.operations.map((operation) => operation.name))] };
}

/** A parameter of an operation, as a generated client takes it. */
export interface OperationParameter {
  name: string;
  /** query, path, header, cookie (Swagger 2 also body, formData). */
  in: string;
  required: boolean;
  /** The schema's type (`integer`, `string`, `array`), its `$ref` followed; undefined when unsaid. */
  type?: string;
  /** The name of the schema it refers to (`PetStatus` for `$ref: '#/components/schemas/PetStatus'`). */
  schemaName?: string;
}

/** An operation of the document: its name, its first tag (the generated API class) and parameters. */
export interface DocumentOperation {
  /** Its operationId, or the name openapi-generator invents (`petsPetIdGet`, `petsGet`). */
  name: string;
  /** Whether that name is the operationId (false: invented from the path and method). */
  named: boolean;
  path: string;
  /** Its first tag: generators put the operation in that tag's API class (none: DefaultApi). */
  tag?: string;
  /**
   * Its parameters in openapi-generator's order: the operation's own, then the path item's it does
   * not override (generators that sort required ones first do so on top of this order).
   */
  parameters: OperationParameter[];
}

/** GET /pets/{param}, and GET of its collection (`/pets`) when the document describes it. */
export interface DeprecatedOperation extends DocumentOperation {
  list?: DocumentOperation;
}

export type OpenApiOperations =
  { operations: DeprecatedOperation[] } | { problem: string } | undefined;

/**
 * GET /pets/{param} in `text` with the list operation beside it, undefined when it is not an
 * OpenAPI document (or has no such operation), or the problem that stopped reading one. A
 * collection's GET that cannot be read (a `$ref` cycle, a reference to another file) is left out,
 * never a problem: the names of the deprecated operation do not depend on it.
 */
export function deprecatedOperations(text: string): OpenApiOperations {
  // Cheap tests first: most YAML and JSON files are not OpenAPI documents.
  if (!/\b(openapi|swagger)\b/.test(text) || !text.includes('pets/{')) return undefined;
  if (text.length > MAX_OPENAPI_BYTES) return { problem: `larger than ${MAX_OPENAPI_BYTES} bytes` };
  let root: unknown;
  try {
    const document = parseDocument(text, { uniqueKeys: false });
    if (document.errors.length) return { problem: document.errors[0]!.message.split('\n')[0]! };
    root = document.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (error) {
    return { problem: (error as Error).message.split('\n')[0]! };
  }
  if (!isRecord(root) || !('openapi' in root || 'swagger' in root)) return undefined;
  const paths = root.paths;
  if (!isRecord(paths)) return undefined;
  const operations: DeprecatedOperation[] = [];
  for (const [path, rawItem] of Object.entries(paths)) {
    if (!DEPRECATED_PATH.test(path)) continue;
    const item = resolved(root, rawItem);
    if (item === CYCLE) return { problem: `a $ref cycle at the path ${path}` };
    if (!isRecord(item)) continue;
    const operation = resolved(root, item.get);
    if (operation === CYCLE) return { problem: `a $ref cycle at GET ${path}` };
    if (!isRecord(operation)) continue;
    const deprecated: DeprecatedOperation = documentOperation(root, path, item, operation);
    const list = listOperation(root, paths, path);
    if (list) deprecated.list = list;
    operations.push(deprecated);
  }
  return operations.length ? { operations } : undefined;
}

/** GET of the collection `path` is an item of: `/pets/{petId}` → GET /pets (or `/pets/`). */
function listOperation(
  root: Record<string, unknown>,
  paths: Record<string, unknown>,
  itemPath: string,
): DocumentOperation | undefined {
  const collection = itemPath.replace(/\/?\{[^{}/]+\}\/?$/, '');
  for (const path of [collection, `${collection}/`]) {
    const item = resolved(root, paths[path]);
    if (!isRecord(item)) continue;
    const operation = resolved(root, item.get);
    if (isRecord(operation)) return documentOperation(root, path, item, operation);
  }
  return undefined;
}

function documentOperation(
  root: Record<string, unknown>,
  path: string,
  item: Record<string, unknown>,
  operation: Record<string, unknown>,
): DocumentOperation {
  const id = operation.operationId;
  const named = typeof id === 'string' && id.trim() !== '';
  const tags = operation.tags;
  const tag = Array.isArray(tags) && typeof tags[0] === 'string' ? tags[0] : undefined;
  const own = parametersOf(root, operation.parameters);
  const shared = parametersOf(root, item.parameters).filter(
    (parameter) => !own.some((mine) => mine.name === parameter.name && mine.in === parameter.in),
  );
  return {
    name: named ? id.trim() : inventedName(path, 'get'),
    named,
    path,
    ...(tag === undefined ? {} : { tag }),
    parameters: [...own, ...shared],
  };
}

function parametersOf(root: Record<string, unknown>, list: unknown): OperationParameter[] {
  if (!Array.isArray(list)) return [];
  const parameters: OperationParameter[] = [];
  for (const raw of list) {
    const parameter = resolved(root, raw);
    if (!isRecord(parameter) || typeof parameter.name !== 'string') continue;
    if (typeof parameter.in !== 'string') continue;
    // OpenAPI 3 puts the type in a schema; Swagger 2 on the parameter itself.
    const rawSchema = isRecord(parameter.schema) ? parameter.schema : parameter;
    const reference = typeof rawSchema.$ref === 'string' ? rawSchema.$ref : undefined;
    const schema = resolved(root, rawSchema);
    const type = isRecord(schema) && typeof schema.type === 'string' ? schema.type : undefined;
    parameters.push({
      name: parameter.name,
      in: parameter.in,
      required: parameter.required === true,
      ...(type === undefined ? {} : { type }),
      ...(reference?.startsWith('#/') ? { schemaName: reference.split('/').pop()! } : {}),
    });
  }
  return parameters;
}

const CYCLE = Symbol('cycle');

/** A value with its local `$ref`s (`#/…`) followed; a reference to another file is left as is. */
function resolved(root: Record<string, unknown>, value: unknown): unknown {
  let current = value;
  for (let hops = 0; hops <= MAX_REF_HOPS; hops++) {
    if (!isRecord(current) || typeof current.$ref !== 'string') return current;
    const ref = current.$ref;
    if (!ref.startsWith('#/')) return current;
    current = pointer(root, ref.slice(2));
  }
  return CYCLE;
}

/** JSON Pointer (RFC 6901) into the document. */
function pointer(root: unknown, path: string): unknown {
  let current = root;
  for (const raw of path.split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isRecord(current)) return undefined;
    current = current[key];
  }
  return current;
}

/**
 * openapi-generator's name for an operation without an operationId: the path's parts (braces
 * dropped), then the method, each part capitalised after the first: GET /pets/{petId} ->
 * `petsPetIdGet`.
 */
export function inventedName(path: string, method: string): string {
  const parts = `${path.replace(/[{}]/g, '')}/${method}`.split('/').filter(Boolean);
  const words = parts.map((part, index) =>
    index === 0 ? part.charAt(0).toLowerCase() + part.slice(1) : capitalised(part),
  );
  return words.join('').replace(/[^A-Za-z0-9_]/g, '_');
}

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

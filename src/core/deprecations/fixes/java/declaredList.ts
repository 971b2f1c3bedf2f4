/**
 * What a declared client already says of the collection's list: the answer of another method
 * mapped to the same path (`@GET("pets") fun pets(): Observable<PetsData>`). When that answer is
 * not a list of pets, the API answers its list in another shape than the Pet Store API's bare
 * array, and a lookup that reads one would fail on every call.
 */
const LIST_TYPES =
  /^(?:(?:java\.util\.)?(?:List|ArrayList|Collection|Iterable)\s*<|Array\s*<|[\w.]+\s*\[\])/;
const WRAPPERS =
  /^(?:(?:retrofit2\.)?(?:Call|Response)|Observable|Single|Maybe|Flowable|Deferred|ResponseEntity|Mono|Flux)\s*<\s*(.*)>$/s;

/**
 * The list's envelope where the file declares it as a Kotlin class whose one list property holds
 * the pets (`data class PetsData(val data: List<Pet>)`): its name, the property, and whether that
 * may be null.
 */
export interface ListEnvelope {
  type: string;
  property: string;
  nullable: boolean;
}

/** The other method's answer, unwrapped (`Observable<PetsData>` → `PetsData`), where it is not a list. */
export function declaredListAnswer(text: string, collection: string): string | undefined {
  const path = collection.replace(/^\/+/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const mapped = new RegExp(
    `@(?:retrofit2\\.http\\.)?(?:GET|GetMapping)\\s*\\(\\s*(?:value\\s*=\\s*)?"\\/?${path}\\/?"\\s*\\)\\s*(?:(?:suspend\\s+)?fun\\s+\\w+\\s*\\((?:[^()]|\\([^()]*\\))*\\)\\s*:\\s*([^\\n{=]+)|(?:public\\s+)?(?!(?:suspend\\s+)?fun\\b)([^\\n;(]+?)\\s+\\w+\\s*\\()`,
    'g',
  );
  for (const match of text.matchAll(mapped)) {
    let answer = (match[1] ?? match[2] ?? '').trim();
    for (let unwrapped = WRAPPERS.exec(answer); unwrapped; unwrapped = WRAPPERS.exec(answer))
      answer = unwrapped[1]!.trim();
    if (answer && !LIST_TYPES.test(answer)) return answer;
  }
  return undefined;
}

/** Why the list cannot be read as a bare array of pets, or undefined when nothing says so. */
export function declaredListProblem(text: string, collection: string): string | undefined {
  const answer = declaredListAnswer(text, collection);
  return answer ? listShapeProblem(collection, answer) : undefined;
}

/** The reason given for a list the interface declares as `answer`, not a list of pets. */
export function listShapeProblem(collection: string, answer: string): string {
  return `the interface's own list of ${collection} answers ${answer}, not a list of pets: the API answers in another shape than a bare list`;
}

/** The envelope `answer` names, when the Kotlin file declares it with one list of `pet`. */
export function kotlinListEnvelope(
  text: string,
  answer: string,
  pet: string,
): ListEnvelope | undefined {
  if (!/^\w+$/.test(answer)) return undefined;
  const declared = new RegExp(`\\bclass\\s+${answer}\\s*\\(([^()]*)\\)`).exec(text)?.[1];
  if (declared === undefined) return undefined;
  const lists = [
    ...declared.matchAll(
      new RegExp(`\\bval\\s+(\\w+)\\s*:\\s*List\\s*<\\s*${pet}\\s*>(\\?)?`, 'g'),
    ),
  ];
  if (lists.length !== 1 || /\bList\s*</.test(declared.replace(lists[0]![0], ''))) return undefined;
  return { type: answer, property: lists[0]![1]!, nullable: !!lists[0]![2] };
}

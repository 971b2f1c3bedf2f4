/**
 * Evidence in a file that the API it calls answers in other shapes than the Pet Store API's: a pet
 * wrapped in an object (`res.data.pet`, `response.json()["pet"]`, `$body->pet`, `body[:pet]`), an
 * envelope around every answer (`response.data.data`), or ids that are MongoDB's `_id`
 * (`/pets/${props._id}`). A rewrite that looks for the pet whose `id` equals the one asked for in
 * a bare JSON array would find nothing against such an API. The rewrites that can follow what the
 * file shows (JavaScript's fetch, axios and Angular) read the list bare or out of the same wrapper,
 * match `id` or `_id`, and hand the pet back wrapped as the file reads it; the others leave the
 * request for a person with what was seen.
 */

/** What a file shows of its API's shapes where they are not the Pet Store API's. */
export interface ApiDialect {
  /**
   * The object a pet is answered in: `pet` (`{ pet: … }`, its list `{ pets: […] }`, Rails'
   * convention) or `data` (`{ data: … }` for both, an envelope); undefined for a bare pet.
   */
  envelope?: 'pet' | 'data';
  /** The pets' ids are MongoDB's `_id`, text: the pet is found by `id` or else `_id`. */
  mongoIds: boolean;
  /** What the file shows, as written there: `res.data.pet`, `props._id`. */
  seen: string;
  /** Why a rewrite that cannot follow it leaves the request for a person. */
  reason: string;
}

interface Evidence {
  pattern: RegExp;
  envelope: 'pet' | 'data';
}

/** A pet read out of a wrapping object, from a response's usual names. */
const WRAPPED_PET: readonly Evidence[] = [
  // JavaScript and TypeScript: res.data.pet, response.pet, json.pet, body?.pet.
  {
    pattern:
      /\b(?:res|resp|response|result|data|body|json|payload)\s*(?:\??\.\s*data\s*)?\??\.\s*pet(?![\w$])/,
    envelope: 'pet',
  },
  // An envelope around the answer: axios's response.data.data, res.data?.data, and fetch's
  // parsed body read for its data (`const data = await res.json(); data?.data`, `json.data`).
  {
    pattern: /\b(?:res|resp|response|result)\s*\??\.\s*data\s*\??\.\s*data(?![\w$])/,
    envelope: 'data',
  },
  { pattern: /\b(?:data|json)\s*\??\.\s*data(?![\w$])/, envelope: 'data' },
  // Python and others: response.json()["pet"], data['pet'], body.get("pet").
  { pattern: /\[\s*["']pet["']\s*\]/, envelope: 'pet' },
  { pattern: /\.get\(\s*["']pet["']\s*\)?/, envelope: 'pet' },
  // PHP and Ruby: $body->pet, body[:pet], body["pet"].
  { pattern: /\$\w+->pet\b(?!s)/, envelope: 'pet' },
  { pattern: /\[\s*:pet\s*\]/, envelope: 'pet' },
];

/**
 * A pet sent wrapped in a request's body (`data: { pet: newPet }`, `JSON.stringify({ pet })`,
 * `json={"pet": …}`): Rails' convention, where the Pet Store API takes the pet itself.
 */
const WRAPPED_BODY = [
  // A value sent, not an empty placeholder: a page's or component's own `data: { pet: null }` is
  // its state (WeChat's Page, Vue's options), no request's body.
  /\b(?:data|body|json)\s*[:=]\s*\{\s*["']?pet["']?\s*(?:[,}]|:(?!\s*(?:(?:null|undefined|false|true|\d+)\b|\{\s*\}|\[\s*\]|''|"")))/,
  /\bJSON\.stringify\(\s*\{\s*["']?pet["']?\s*[:,}]/,
];

/** MongoDB's ids in the URL: `pet._id`, `props._id`, `pet["_id"]`. */
const MONGO_ID = /[\w$]*(?:\._id\b|\[\s*["']_id["']\s*\])/;

/** A line of the file that puts a MongoDB id into a pets URL (`/pets/${updatedPet._id}`). */
const MONGO_PETS_URL = /pets\/[^\n]*?(?:\._id\b|\[\s*["']_id["']\s*\])/i;

/**
 * The API-shape check of one file: what the whole text shows is read once (a file with thousands
 * of requests is not searched again for each), what the URL shows for each request.
 */
export function apiShapeOf(
  text: string,
): (url: { start: number; end: number }) => ApiDialect | undefined {
  let fileWide: { envelope?: Envelope; mongo?: string } | null = null;
  return (url) => {
    fileWide ??= fileShape(text);
    const mongo = MONGO_ID.exec(text.slice(url.start, url.end))?.[0] ?? fileWide.mongo;
    return dialectOf(fileWide.envelope, mongo);
  };
}

interface Envelope {
  name: 'pet' | 'data';
  seen: string;
  sent: boolean;
}

function dialectOf(
  envelope: Envelope | undefined,
  mongo: string | undefined,
): ApiDialect | undefined {
  if (!envelope && !mongo) return undefined;
  const seen = [mongo, envelope?.seen].filter((part) => part !== undefined).join(', ');
  return {
    ...(envelope ? { envelope: envelope.name } : {}),
    mongoIds: mongo !== undefined,
    seen,
    reason: mongo
      ? `the pets' ids here are MongoDB's _id (${mongo}): this API's pets have no int64 id for the list's pet to be found by, so it answers in other shapes than the Pet Store API's; change it by hand for this API`
      : envelope!.sent
        ? `the file sends a pet wrapped in an object (${envelope!.seen}), where the Pet Store API takes the pet itself: this API answers in other shapes too, and the rewrite, which looks in a bare list of pets, would not find it; change it by hand for this API`
        : `the file reads the answer out of a wrapping object (${envelope!.seen}), where the Pet Store API answers the pet itself: this API answers in other shapes, and the rewrite, which looks in a bare list of pets, would not find it; change it by hand for this API`,
  };
}

/** What the whole file shows of the API's shapes. */
function fileShape(text: string): { envelope?: Envelope; mongo?: string } {
  const mongo = MONGO_ID.exec(MONGO_PETS_URL.exec(text)?.[0] ?? '')?.[0];
  const envelope = envelopeOf(text);
  return { ...(mongo ? { mongo } : {}), ...(envelope ? { envelope } : {}) };
}

function envelopeOf(text: string): Envelope | undefined {
  for (const { pattern, envelope } of WRAPPED_PET) {
    const read = pattern.exec(text);
    if (read) return { name: envelope, seen: read[0].replace(/\s+/g, ''), sent: false };
  }
  for (const pattern of WRAPPED_BODY) {
    const sent = pattern.exec(text);
    if (sent)
      return { name: 'pet', seen: `${sent[0].replace(/\s+/g, ' ').trim()} … }`, sent: true };
  }
  return undefined;
}

/** The rewrite's description's note on an API in other shapes. */
export function dialectNote(dialect: ApiDialect | undefined): string {
  return dialect ? `, in this API's shapes (${dialect.seen})` : '';
}

/**
 * Evidence in a file that the API it calls answers in other shapes than the Pet Store API's: a pet
 * wrapped in an object (`res.data.pet`, `response.json()["pet"]`, `$body->pet`, `body[:pet]`), or
 * ids that are MongoDB's `_id` (`/pets/${props._id}`). Every rewrite finds the pet whose `id`
 * equals the one asked for in a bare JSON array, as the interface gives GET /pets: against such an
 * API it would find nothing, or fail reading the list. So the request is left for a person with
 * what was seen, rather than rewritten into code that no longer works.
 */

/** A pet read out of a wrapping object, from a response's usual names. */
const WRAPPED_PET = [
  // JavaScript and TypeScript: res.data.pet, response.pet, json.pet, body?.pet.
  /\b(?:res|resp|response|result|data|body|json|payload)\s*(?:\??\.\s*data\s*)?\??\.\s*pet(?![\w$])/,
  // An envelope around the answer: axios's response.data.data, res.data?.data, and fetch's
  // parsed body read for its data (`const data = await res.json(); data?.data`, `json.data`).
  /\b(?:res|resp|response|result)\s*\??\.\s*data\s*\??\.\s*data(?![\w$])/,
  /\b(?:data|json)\s*\??\.\s*data(?![\w$])/,
  // Python and others: response.json()["pet"], data['pet'], body.get("pet").
  /\[\s*["']pet["']\s*\]/,
  /\.get\(\s*["']pet["']/,
  // PHP and Ruby: $body->pet, body[:pet], body["pet"].
  /\$\w+->pet\b(?!s)/,
  /\[\s*:pet\s*\]/,
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
): (url: { start: number; end: number }) => string | undefined {
  let fileWide: string | undefined | null = null;
  return (url) => {
    const mongo = MONGO_ID.exec(text.slice(url.start, url.end));
    if (mongo) return mongoReason(mongo[0]);
    if (fileWide === null) fileWide = fileShape(text);
    return fileWide;
  };
}

function mongoReason(id: string): string {
  return `the pets' ids here are MongoDB's _id (${id}): this API's pets have no int64 id for the list's pet to be found by, so it answers in other shapes than the Pet Store API's; change it by hand for this API`;
}

/** What the whole file shows of the API's shapes, or undefined. */
function fileShape(text: string): string | undefined {
  const mongo = MONGO_ID.exec(MONGO_PETS_URL.exec(text)?.[0] ?? '');
  if (mongo) return mongoReason(mongo[0]);
  for (const pattern of WRAPPED_PET) {
    const read = pattern.exec(text);
    if (read)
      return `the file reads the answer out of a wrapping object (${read[0].replace(/\s+/g, '')}), where the Pet Store API answers the pet itself: this API answers in other shapes, and the rewrite, which looks in a bare list of pets, would not find it; change it by hand for this API`;
  }
  for (const pattern of WRAPPED_BODY) {
    const sent = pattern.exec(text);
    if (sent)
      return `the file sends a pet wrapped in an object (${sent[0].replace(/\s+/g, ' ').trim()}…), where the Pet Store API takes the pet itself: this API answers in other shapes too, and the rewrite, which looks in a bare list of pets, would not find it; change it by hand for this API`;
  }
  return undefined;
}

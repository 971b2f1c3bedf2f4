/** The words of an identifier, lower-cased: HttpResponseRedirect → http, response, redirect; api_instance → api, instance. */
export function identifierWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * A list of words to look for among an identifier's words (redirect in redirect_to, api in
 * petApi). Most names hold none: one case-insensitive pattern rules them out before any split.
 */
export class WordList {
  private readonly words: ReadonlySet<string>;
  private readonly anyWord: RegExp;

  constructor(words: readonly string[]) {
    this.words = new Set(words);
    // Words are plain lower-case letters and digits: nothing to escape.
    this.anyWord = new RegExp(words.join('|'), 'i');
  }

  /** Whether one of the identifier's words is in the list. */
  inName(name: string): boolean {
    return this.anyWord.test(name) && identifierWords(name).some((word) => this.words.has(word));
  }

  has(word: string): boolean {
    return this.words.has(word);
  }
}

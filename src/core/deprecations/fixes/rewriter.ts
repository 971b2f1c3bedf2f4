/**
 * What a rewrite of one request is given and gives back. A rewriter knows one language's shapes
 * (fetch, axios, requests, net/http...): it recognises the request around a finding and returns
 * the edits that send the replacement instead, with the helper they call; or why it cannot, with
 * a ready snippet; or nothing when the shape is not its own.
 */
import type { ApiDialect } from './apiShape';
import type { Finding } from '../engine';
import type { LanguageSupport } from '../lexers/languages';
import type { Token } from '../model/tokens';
import type { FileStyle } from './fileStyle';
import type { Range } from './requestCall';
import type { TextEdit } from './sourceEdit';

export interface RequestSite {
  path: string;
  text: string;
  tokens: readonly Token[];
  language: LanguageSupport;
  /** The request's finding, and its URL expression (or the operation's name) as offsets. */
  finding: Finding;
  url: Range;
  style: FileStyle;
  /** The text of a module the file imports by a relative specifier, when the front end can read it. */
  moduleText?: (specifier: string) => string | undefined;
  /**
   * What the file shows of an API that answers in other shapes than the Pet Store API's, for a
   * rewriter that follows it (`followsApiDialect`); no other rewriter is asked.
   */
  dialect?: ApiDialect;
}

/** Code the rewritten calls use, added once per file (or per package, in a file of its own). */
export interface Helper {
  name: string;
  /** The helper's code, in the file's style. */
  code: string;
  /** Whether the text already defines it (an earlier run, or two requests in one file). */
  definedIn(text: string): boolean;
  /** A file of its own, beside the request's (Go: one per package), instead of the file's end. */
  ownFile?: string;
  /**
   * Where in the file it goes, as an offset (before the first use in a script: after the imports);
   * default the file's end (a hoisted function).
   */
  insertAt?: number;
  /** Edits the file needs for it (an import), computed on the file's text before any rewrite. */
  imports?: (text: string) => TextEdit[];
}

export type Rewrite =
  { edits: TextEdit[]; helper?: Helper; description: string } | { manual: string; snippet: string };

export interface Rewriter {
  /** A short name for reports: "fetch", "axios", "requests". */
  readonly library: string;
  rewrite: (site: RequestSite) => Rewrite | undefined;
  /** Whether its helper reads a list in the shapes `site.dialect` describes and answers in them. */
  readonly followsApiDialect?: boolean;
  /** The helper and a call of it, ready to paste, for a request no rewriter knows. */
  snippet?: (site: RequestSite) => string;
}

/**
 * Stage after the engine, crossFile/: the workspace's index of functions that reach GET
 * /pets/{petId}. Fed by the engine's per-file findings: a request inside a named function or
 * method makes that function an entry (a wrapper), and a call of an entry inside another named
 * function makes that one an entry too, a level further, up to MAX_WRAPPER_DEPTH. Calls of the
 * entries are then findings of their own (callSites.ts). Uses the engine's types and the stages
 * below it; the CLI and the language server both build it.
 */
import { basename, dirname, extname } from 'node:path';
import type { ChainLink, Finding } from '../engine';
import type { Confidence } from '../model/confidence';
import { isReportedApart } from '../model/findingKinds';

/** Wrappers of wrappers followed this many levels from the request. */
export const MAX_WRAPPER_DEPTH = 4;

/**
 * Functions of one name indexed at most: a name defined in more places (generated handlers, a
 * name every module repeats) says nothing about which one a call reaches, and following it would
 * cost every call times every definition. It is dropped, with a note.
 */
export const MAX_ENTRIES_PER_NAME = 64;

export interface WrapperEntry {
  name: string;
  /** Its file's language family: only calls in a language of the same runtime reach it. */
  family: string;
  /** The class, interface or module declaring it. */
  owner?: string;
  path: string;
  /** How sure the request it reaches is (the weakest on the way). */
  confidence: Confidence;
  /** Its definition first, then each wrapper it calls, the request last. */
  chain: ChainLink[];
  /** 1: it sends the request itself; 2: it calls a wrapper of depth 1; … */
  depth: number;
  /** Names an import or a qualified call uses for its module, lower-cased (moduleNamesOf). */
  modules: string[];
  /** A request's descriptor, not a function: its uses send the request, even in generated code. */
  descriptor?: true;
  /** In JavaScript tsc compiled beside its source: TypeScript files reach the source instead. */
  compiled?: true;
}

/**
 * Names too common to be followed from a name alone: a call of `get` or `fetch` is a wrapper's
 * call only where the same file defines it or its receiver is the wrapper's class.
 */
const GENERIC_NAMES = new Set([
  'get',
  'fetch',
  'load',
  'retrieve',
  'find',
  'show',
  'request',
  'call',
  'send',
  'execute',
  'exec',
  'run',
  'handle',
  'handler',
  'query',
  'read',
  'index',
  'main',
  'init',
  'invoke',
  'perform',
  'apply',
  'process',
  'then',
  'do',
  'go',
  'test',
  'setup',
  'fetchdata',
  'getdata',
  'loaddata',
  'getbyid',
  'findbyid',
  'findone',
  'getone',
  'getitem',
  'detail',
  'details',
  'item',
  'one',
  'json',
]);

/** Whether a name is too common to count on its own (`get`, `fetchData`, `Load`). */
export function isGenericName(name: string): boolean {
  const plain = name.replace(/_/g, '').toLowerCase();
  return (
    plain.length < 4 || GENERIC_NAMES.has(plain) || GENERIC_NAMES.has(plain.replace(/async$/, ''))
  );
}

/**
 * Members that give a request object's path, or send it (a generated builder's `send()`,
 * `Execute()`): its type stands for the request, and making one is the call.
 */
const REQUEST_PATH_MEMBERS = new Set([
  'path',
  'url',
  'urlpath',
  'uri',
  'endpoint',
  'route',
  'resourcepath',
  'requesturl',
  'getpath',
  'geturl',
  'send',
  'execute',
  'perform',
  'invoke',
  'sendasync',
  'executeasync',
]);

/**
 * The names an import or a qualified call uses for a file's module, lower-cased: its name without
 * extension, or its folder's for a package's index (`index.ts`, `__init__.py`, `mod.rs`) and for Go,
 * whose package is its folder.
 */
export function moduleNamesOf(path: string, family: string): string[] {
  const file = basename(path, extname(path)).toLowerCase();
  const folder = basename(dirname(path)).toLowerCase();
  if (family === 'go') return [folder];
  return file === 'index' || file === '__init__' || file === 'mod' ? [folder] : [file];
}

/** The weaker of two confidences. */
export function weaker(a: Confidence, b: Confidence): Confidence {
  const order: Confidence[] = ['certain', 'likely', 'possible'];
  return order[Math.max(order.indexOf(a), order.indexOf(b))]!;
}

/**
 * The entries by name. Built level by level: `addFindings` takes a file's findings (the engine's
 * requests, or calls of entries found in that file) and returns the entries it made, which are new
 * names to look for at the next level.
 */
export class WrapperIndex {
  private readonly byName = new Map<string, WrapperEntry[]>();
  /** `path\0name\0line`: an entry is made once, whichever level reaches it first. */
  private readonly seen = new Set<string>();
  /** Names defined in too many places to follow (MAX_ENTRIES_PER_NAME). */
  private readonly crowded = new Set<string>();

  /** What the index passed over, for a note. */
  get notes(): string[] {
    return [...this.crowded].map(
      (name) =>
        `${name} is defined in more than ${MAX_ENTRIES_PER_NAME} places that send the request: its calls are not followed`,
    );
  }

  /**
   * Entries for the named functions that hold `findings` of file `path`, `depth` levels from the
   * request (1 for the engine's own findings; a call's finding is one more than what it calls).
   */
  addFindings(
    path: string,
    family: string,
    findings: readonly Finding[],
    depth: number,
  ): WrapperEntry[] {
    const made: WrapperEntry[] = [];
    if (depth > MAX_WRAPPER_DEPTH) return made;
    for (const finding of findings) {
      const within = finding.within;
      // A route's handler is called by the server, not by code that makes the request; a stub
      // stands for a call, it makes none.
      if (!within || isReportedApart(finding.kind)) continue;
      const key = `${path}\0${within.name}\0${within.line}`;
      if (this.seen.has(key)) continue;
      this.seen.add(key);
      const request: ChainLink = {
        name: finding.detail,
        path,
        line: finding.start.line,
        character: finding.start.character,
      };
      const entry: WrapperEntry = {
        name: within.name,
        family,
        path,
        // A descriptor's uses send it: they get the request's confidence, not the hint's.
        confidence: within.value ?? finding.confidence,
        chain: [
          { name: within.name, path, line: within.line, character: within.character },
          ...(finding.via ?? [request]),
        ],
        depth,
        modules: moduleNamesOf(path, family),
      };
      if (within.owner) entry.owner = within.owner;
      if (within.value) entry.descriptor = true;
      if (within.compiled) entry.compiled = true;
      // A request object's path (`path = () => `/pets/${this.petId}``, Swift's `var urlPath`) or
      // its sending (a generated builder's `send()`, Go's `Execute()`): the type is what callers
      // make and send (`client.send(new PetById(id))`, `ShowPetByIdRequest { … }`), an entry too.
      const requestType =
        within.owner !== undefined && REQUEST_PATH_MEMBERS.has(within.name.toLowerCase())
          ? [within.owner]
          : [];
      // Its aliases (an endpoint's hooks) are entries too, with the same way to the request.
      for (const name of [within.name, ...(within.aliases ?? []), ...requestType]) {
        const named = name === within.name ? entry : { ...entry, name };
        if (this.add(named)) made.push(named);
      }
    }
    return made;
  }

  /** Indexes an entry, unless its name is crowded (or becomes so now). */
  private add(entry: WrapperEntry): boolean {
    if (this.crowded.has(entry.name)) return false;
    let entries = this.byName.get(entry.name);
    if (!entries) this.byName.set(entry.name, (entries = []));
    if (entries.length >= MAX_ENTRIES_PER_NAME) {
      this.crowded.add(entry.name);
      this.byName.delete(entry.name);
      return false;
    }
    entries.push(entry);
    return true;
  }

  entriesNamed(name: string): readonly WrapperEntry[] {
    return this.byName.get(name) ?? [];
  }

  /** Every indexed name. */
  names(): string[] {
    return [...this.byName.keys()];
  }

  get size(): number {
    let count = 0;
    for (const entries of this.byName.values()) count += entries.length;
    return count;
  }
}

/**
 * What a declared client's rewrite needs to know of the Java classes its repository declares: how
 * code reads each field (a getter, declared or made by Lombok, or a public field), and whether the
 * class is an envelope the API answers in (`ApiResponse<T>`: one field of the type parameter, the
 * data, and others such as a code and a message), which code can make empty and fill with setters.
 */
import { blanked, matching, ownMembers } from './idAccessors';

export interface JavaEnvelope {
  /** The data field's getter and setter (`getData()`, `setData`). */
  data: FieldAccess;
  /** The other fields, copied from the list's envelope into the pet's. */
  others: FieldAccess[];
}

interface FieldAccess {
  getter: string;
  setter: string;
}

export interface JavaTypeFacts {
  /** How each field is read: `getPetNo()`, `isActive()`, `name`. */
  readers: Map<string, string>;
  envelope?: JavaEnvelope;
}

/** Classes by qualified and simple name; a simple name declared twice maps to undefined. */
export type JavaTypes = Map<string, JavaTypeFacts | undefined>;

/** The classes a Java text declares, added to `into`. */
export function addJavaTypes(text: string, into: JavaTypes): JavaTypes {
  if (!/\bclass\b/.test(text)) return into;
  const code = blanked(text);
  const pkg = /^\s*package\s+([\w.]+)\s*;/m.exec(code)?.[1];
  for (const match of code.matchAll(
    /(?<![\w$.])class\s+([A-Za-z_$][\w$]*)\s*(?:<\s*([A-Za-z_$][\w$]*)\s*>)?/g,
  )) {
    const facts = factsOf(code, match.index, match[1]!, match[2]);
    if (!facts) continue;
    const simple = match[1]!;
    if (pkg) into.set(`${pkg}.${simple}`, facts);
    into.set(simple, into.has(simple) ? undefined : facts);
  }
  return into;
}

/** The facts of `type` as the client's file names it: by its qualified name, else its simple one. */
export function javaTypeOf(
  types: JavaTypes,
  text: string,
  type: string,
): JavaTypeFacts | undefined {
  const simple = type.replace(/^.*\./, '');
  const imported = new RegExp(`^\\s*import\\s+([\\w.]+\\.${simple})\\s*;`, 'm').exec(text)?.[1];
  const pkg = /^\s*package\s+([\w.]+)\s*;/m.exec(text)?.[1];
  const qualified = type.includes('.') ? type : (imported ?? (pkg ? `${pkg}.${simple}` : simple));
  return types.get(qualified) ?? types.get(simple);
}

const LOMBOK = (name: string) => new RegExp(`@(?:lombok\\.)?${name}\\b`);

function factsOf(
  code: string,
  at: number,
  name: string,
  typeParameter: string | undefined,
): JavaTypeFacts | undefined {
  const open = code.indexOf('{', at);
  if (open < 0 || /[;}]/.test(code.slice(at, open))) return undefined;
  const close = matching(code, open, '{', '}');
  const members = ownMembers(code.slice(open + 1, close < 0 ? code.length : close));
  const before = code.slice(Math.max(0, code.lastIndexOf(';', at), code.lastIndexOf('}', at)), at);
  const data = LOMBOK('Data').test(before);
  const classGetters = data || LOMBOK('Getter').test(before) || LOMBOK('Value').test(before);
  const classSetters = data || LOMBOK('Setter').test(before);
  const fluent = /@(lombok\.experimental\.)?Accessors\s*\([^)]*\bfluent\s*=\s*true/.test(before);
  const readers = new Map<string, string>();
  const access: { name: string; type: string; getter?: string; setter?: string }[] = [];
  for (const statement of members.split(/[;{}]/)) {
    const annotations = statement.match(/@[\w.]+\s*(\([^()]*\))?/g)?.join(' ') ?? '';
    const declaration = statement.replace(/@[\w.]+\s*(\([^()]*\))?/g, ' ').trim();
    const field =
      /^((?:(?:public|protected|private|final|transient|volatile)\s+)*)([\w$.]+(?:\s*<[^()=]*>)?(?:\s*\[\])*)\s+([A-Za-z_$][\w$]*)\s*(?:=[\s\S]*)?$/.exec(
        declaration,
      );
    if (!field || /\bstatic\b/.test(declaration) || /^(return|throw|new)$/.test(field[2]!))
      continue;
    const fieldName = field[3]!;
    const type = field[2]!.replace(/\s+/g, '');
    const capital = fieldName[0]!.toUpperCase() + fieldName.slice(1);
    const getterName = `${type === 'boolean' ? 'is' : 'get'}${capital}`;
    const declaredGetter = new RegExp(`[\\w$>\\]]\\s+${getterName}\\s*\\(\\s*\\)`).test(members);
    const lombokGetter = classGetters || LOMBOK('Getter').test(annotations);
    const getter = declaredGetter
      ? `${getterName}()`
      : lombokGetter
        ? fluent
          ? `${fieldName}()`
          : `${getterName}()`
        : /\bpublic\b/.test(field[1]!)
          ? fieldName
          : undefined;
    const declaredSetter = new RegExp(`\\bvoid\\s+set${capital}\\s*\\(`).test(members);
    const lombokSetter = classSetters || LOMBOK('Setter').test(annotations);
    const setter =
      declaredSetter || (lombokSetter && !fluent && !/\bfinal\b/.test(field[1]!))
        ? `set${capital}`
        : undefined;
    if (getter) readers.set(fieldName, getter);
    access.push({ name: fieldName, type, getter, setter });
  }
  const facts: JavaTypeFacts = { readers };
  if (!typeParameter) return facts;
  const dataFields = access.filter((field) => field.type === typeParameter);
  const madeEmpty = noArgumentConstructor(members, name, before);
  if (
    dataFields.length === 1 &&
    madeEmpty &&
    access.every((field) => field.getter !== undefined && field.setter !== undefined)
  ) {
    const [dataField] = dataFields;
    facts.envelope = {
      data: { getter: dataField!.getter!, setter: dataField!.setter! },
      others: access
        .filter((field) => field !== dataField)
        .map((field) => ({ getter: field.getter!, setter: field.setter! })),
    };
  }
  return facts;
}

/** Whether code in another package can make the class empty: `new Name<>()`. */
function noArgumentConstructor(members: string, name: string, before: string): boolean {
  const constructors = [
    ...members.matchAll(new RegExp(`(?<![\\w$.])${name}\\s*\\(([^()]*)\\)`, 'g')),
  ];
  const lombok = /@(?:lombok\.)?NoArgsConstructor\b(\s*\(([^()]*)\))?/.exec(before);
  if (lombok)
    return !/access\s*=\s*AccessLevel\.(PRIVATE|PROTECTED|PACKAGE|NONE)/.test(lombok[2] ?? '');
  if (constructors.length === 0)
    return (
      /\bpublic\b/.test(before) &&
      !LOMBOK('(?:AllArgsConstructor|RequiredArgsConstructor|Value)').test(before)
    );
  return constructors.some((constructor) => {
    if (constructor[1]!.trim()) return false;
    const start = members.lastIndexOf('\n', constructor.index) + 1;
    return /\bpublic\b/.test(members.slice(start, constructor.index));
  });
}

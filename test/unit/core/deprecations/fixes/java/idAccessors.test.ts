import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { feignSettingsOf } from '../../../../../../src/core/deprecations/fixes/java/feignSettings';
import {
  addIdAccessors,
  idAccessorOf,
  type IdAccessors,
} from '../../../../../../src/core/deprecations/fixes/java/idAccessors';

function accessorsOf(...texts: string[]): IdAccessors {
  const accessors: IdAccessors = new Map();
  for (const text of texts) addIdAccessors(text, accessors);
  return accessors;
}

describe('how Java code reads a pet type’s id, from its declaration', () => {
  const client = (imports: string) => `package shop.client;\n${imports}\ninterface PetApi {}\n`;
  const accessor = (declaration: string, type = 'Pet') =>
    idAccessorOf(
      accessorsOf(`package shop.model;\n${declaration}\n`),
      client('import shop.model.Pet;'),
      type,
    );

  it('a record’s id(), a public field’s id, a getter’s getId()', () => {
    assert.equal(
      accessor('public record Pet(@JsonProperty("id") Long id, String name) {}'),
      'id()',
    );
    assert.equal(
      accessor(
        '@Entity\npublic class Pet {\n  @Id @GeneratedValue(strategy = GenerationType.IDENTITY)\n  public Long id;\n  public String name;\n  public String toString() { return name + id; }\n}',
      ),
      'id',
    );
    assert.equal(
      accessor('public class Pet {\n  private Long id;\n  public Long getId() { return id; }\n}'),
      'getId()',
    );
    assert.equal(
      accessor(
        'public class Pet {\n  private final long id;\n  public long id() { return id; }\n}',
      ),
      'id()',
    );
  });

  it('Lombok: @Data, @Getter, @Value make getId(); @Accessors(fluent = true) makes id()', () => {
    for (const annotation of ['@Data', '@lombok.Getter', '@Value', '@Builder\n@Data'])
      assert.equal(accessor(`${annotation}\npublic class Pet {\n  private Long id;\n}`), 'getId()');
    assert.equal(accessor('public class Pet {\n  @Getter private Long id;\n}'), 'getId()');
    assert.equal(
      accessor('@Getter\n@Accessors(fluent = true)\npublic class Pet {\n  private Long id;\n}'),
      'id()',
    );
  });

  it('getId() where the declaration does not say (an inherited id), or cannot be read', () => {
    assert.equal(
      accessor('public class Pet extends Entity {\n  public String name;\n}'),
      'getId()',
    );
    assert.equal(idAccessorOf(new Map(), client(''), 'Pet'), 'getId()');
    // Commented out or in a string: not a declaration.
    assert.equal(accessor('// public record Pet(long id) {}\nclass Other {}'), 'getId()');
  });

  it('by the type the client names: imported, qualified, or its own package’s', () => {
    const accessors = accessorsOf(
      'package a;\npublic record Pet(long id) {}\n',
      'package b;\npublic class Pet { public long id; }\n',
    );
    assert.equal(idAccessorOf(accessors, client('import a.Pet;'), 'Pet'), 'id()');
    assert.equal(idAccessorOf(accessors, client('import b.Pet;'), 'Pet'), 'id');
    assert.equal(idAccessorOf(accessors, client(''), 'a.Pet'), 'id()');
    assert.equal(idAccessorOf(accessors, 'package b;\ninterface PetApi {}\n', 'Pet'), 'id');
    // Two different declarations and nothing says which: getId().
    assert.equal(idAccessorOf(accessors, client('import c.*;'), 'Pet'), 'getId()');
  });

  it('read from the whole repository, also past a file that sets what a 404 becomes', () => {
    const root = mkdtempSync(join(tmpdir(), 'id-accessors-'));
    try {
      const files: Record<string, string> = {
        '.git/HEAD': '',
        'a/FeignConfig.java':
          'package shop.config;\nclass FeignConfig { ErrorDecoder decoder() { return null; } }\n',
        'z/Pet.java': 'package shop.model;\npublic record Pet(long id, String name) {}\n',
        'm/PetApi.java': client('import shop.model.Pet;'),
      };
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(root, path)), { recursive: true });
        writeFileSync(join(root, path), text);
      }
      const settings = feignSettingsOf(join(root, 'm/PetApi.java'), files['m/PetApi.java']!);
      assert.equal(settings.decidesNotFound, 'a/FeignConfig.java');
      assert.equal(idAccessorOf(settings.idAccessors, files['m/PetApi.java']!, 'Pet'), 'id()');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

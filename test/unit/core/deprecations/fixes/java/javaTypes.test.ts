import assert from 'node:assert/strict';
import { addJavaTypes } from '../../../../../../src/core/deprecations/fixes/java/javaTypes';

const envelopeOf = (text: string) => addJavaTypes(text, new Map()).get('ApiResponse')?.envelope;

describe("a Java class's fields, and whether it is an envelope the rewrite can fill", () => {
  it('reads a Lombok envelope: the data field, and the others to copy', () => {
    const envelope = envelopeOf(
      '@NoArgsConstructor @Getter @Setter public class ApiResponse<T> { private String code; private boolean ok; private T data; }',
    );
    assert.deepEqual(envelope, {
      data: { getter: 'getData()', setter: 'setData' },
      others: [
        { getter: 'getCode()', setter: 'setCode' },
        { getter: 'isOk()', setter: 'setOk' },
      ],
    });
  });

  it('reads declared getters and setters and a public no-argument constructor', () => {
    const envelope = envelopeOf(
      [
        'public class ApiResponse<T> {',
        '  private T result;',
        '  public ApiResponse() {}',
        '  public T getResult() { return result; }',
        '  public void setResult(T result) { this.result = result; }',
        '}',
      ].join('\n'),
    );
    assert.deepEqual(envelope, {
      data: { getter: 'getResult()', setter: 'setResult' },
      others: [],
    });
  });

  it('is no envelope when it cannot be made empty, a field has no setter, or two fields hold T', () => {
    assert.equal(
      envelopeOf(
        '@Getter @Setter @AllArgsConstructor public class ApiResponse<T> { private T data; }',
      ),
      undefined,
    );
    assert.equal(
      envelopeOf(
        '@Getter @NoArgsConstructor(access = AccessLevel.PRIVATE) public class ApiResponse<T> { private T data; }',
      ),
      undefined,
    );
    assert.equal(
      envelopeOf(
        '@Getter @NoArgsConstructor public class ApiResponse<T> { private String code; private T data; }',
      ),
      undefined,
    );
    assert.equal(
      envelopeOf('@Data public class ApiResponse<T> { private T data; private T previous; }'),
      undefined,
    );
  });

  it('reads how each field is read: a getter, a fluent accessor, a public field', () => {
    const types = addJavaTypes(
      [
        'package a; @Getter class PetResponse { private Long petNo; }',
        '@Getter @Accessors(fluent = true) class Fluent { private Long petNo; }',
        'class Plain { public long petNo; private String hidden; }',
      ].join('\n'),
      new Map(),
    );
    assert.equal(types.get('a.PetResponse')?.readers.get('petNo'), 'getPetNo()');
    assert.equal(types.get('Fluent')?.readers.get('petNo'), 'petNo()');
    assert.equal(types.get('Plain')?.readers.get('petNo'), 'petNo');
    assert.equal(types.get('Plain')?.readers.has('hidden'), false);
  });
});

import assert from 'node:assert/strict';
import {
  MAX_OPENAPI_BYTES,
  deprecatedOperationNames,
  inventedName,
} from '../../../../../src/core/deprecations/workspace/openApiDocuments';
import { operationNameSet } from '../../../../../src/core/deprecations/recognisers/operationCalls';

const openApi3 = (pathItem: string, path = '/pets/{petId}') =>
  `openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  ${path}:\n${pathItem}`;

describe('OpenAPI documents: the names of GET /pets/{param}', () => {
  it('takes the operationId, under any base path, in YAML and JSON, Swagger 2 and OpenAPI 3', () => {
    assert.deepEqual(
      deprecatedOperationNames(openApi3('    get:\n      operationId: showPetById\n')),
      { names: ['showPetById'] },
    );
    assert.deepEqual(
      deprecatedOperationNames(
        JSON.stringify({
          swagger: '2.0',
          basePath: '/v2',
          paths: { '/store/pets/{id}': { get: { operationId: 'findPetById' } } },
        }),
      ),
      { names: ['findPetById'] },
    );
  });

  it('invents the name openapi-generator gives an operation without an operationId', () => {
    assert.equal(inventedName('/pets/{petId}', 'get'), 'petsPetIdGet');
    // Each part's first letter raised; the generators' camelize then drops the underscore.
    assert.equal(inventedName('/v1/pets/{pet_id}', 'get'), 'v1PetsPet_idGet');
    assert.ok(operationNameSet([inventedName('/v1/pets/{pet_id}', 'get')]).has('v1PetsPetIdGet'));
    assert.deepEqual(deprecatedOperationNames(openApi3('    get:\n      summary: one pet\n')), {
      names: ['petsPetIdGet'],
    });
  });

  it('follows local $refs to path items and operations', () => {
    const text = [
      'openapi: 3.0.0',
      'paths:',
      "  /pets/{id}:\n    $ref: '#/components/x-items/One'",
      'components:',
      '  x-items:',
      "    One:\n      get:\n        $ref: '#/components/x-ops/Get'",
      '  x-ops:',
      '    Get:\n      operationId: fetchOnePet',
    ].join('\n');
    assert.deepEqual(deprecatedOperationNames(text), { names: ['fetchOnePet'] });
  });

  it('gives nothing for other documents, other paths and other methods', () => {
    assert.equal(deprecatedOperationNames('name: ci\non: push\n# pets/{id}\n'), undefined);
    assert.equal(deprecatedOperationNames('{"swagger": "yes", "note": "pets/{id}"}'), undefined);
    assert.equal(
      deprecatedOperationNames(openApi3('    delete:\n      operationId: deletePet\n')),
      undefined,
    );
    assert.equal(
      deprecatedOperationNames(
        openApi3('    get:\n      operationId: listPhotos\n', '/pets/{petId}/photos'),
      ),
      undefined,
    );
  });

  describe('hostile documents: a problem, never a hang or a crash', () => {
    it('a $ref cycle', () => {
      const text = "openapi: 3.0.0\npaths:\n  /pets/{id}:\n    $ref: '#/paths/~1pets~1{id}'\n";
      const reading = deprecatedOperationNames(text);
      assert.ok(reading && 'problem' in reading && /cycle/.test(reading.problem));
    });

    it('a YAML alias bomb', () => {
      let text = 'openapi: 3.0.0\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\n';
      for (let i = 1; i < 10; i++)
        text += `a${i}: &a${i} [${Array(10)
          .fill(`*a${i - 1}`)
          .join(', ')}]\n`;
      text += 'paths:\n  /pets/{id}:\n    get: {operationId: bomb}\n';
      // Refused, not expanded (10^10 nodes would never finish: the test would hang, not pass).
      const reading = deprecatedOperationNames(text);
      assert.ok(reading && 'problem' in reading, JSON.stringify(reading));
    });

    it('malformed YAML, and a document over the size limit', () => {
      const malformed = deprecatedOperationNames('openapi: 3.0.0\npaths:\n  /pets/{id}: [\n');
      assert.ok(malformed && 'problem' in malformed);
      const huge = deprecatedOperationNames(
        openApi3('    get:\n      operationId: x\n') + '#'.repeat(MAX_OPENAPI_BYTES),
      );
      assert.ok(huge && 'problem' in huge && /larger than/.test(huge.problem));
    });
  });
});

describe('generated clients’ names of an operation', () => {
  it('each generator’s case, decorations and hooks', () => {
    const names = operationNameSet(['showPetById']);
    for (const name of [
      'showPetById',
      'ShowPetByIdAsync',
      'showPetByIdWithHttpInfo',
      'show_pet_by_id_with_http_info',
      'ShowPetByIdWithResponse',
      'showPetByIdRaw',
      'useShowPetByIdQuery',
      'useLazyShowPetByIdQuery',
    ])
      assert.ok(names.has(name), name);
    assert.ok(!names.has('showPet'));
  });
});

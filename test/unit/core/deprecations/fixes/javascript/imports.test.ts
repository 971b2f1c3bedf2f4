import assert from 'node:assert/strict';
import { defaultImportOf } from '../../../../../../src/core/deprecations/fixes/javascript/imports';

describe("a module's default import, as the file names it", () => {
  it('is the name an import or a require gives it', () => {
    assert.equal(defaultImportOf("import http, { get } from 'axios';\n", 'axios'), 'http');
    assert.equal(defaultImportOf('const client = require( "axios" );\n', 'axios'), 'client');
    assert.equal(defaultImportOf("import a from 'a.b';\n", 'a.b'), 'a');
  });

  it('is none in a text that never names the module, or names it otherwise', () => {
    const text = `${'const x = require(y);\n'.repeat(100)}import api from './api';\n`;
    assert.equal(defaultImportOf(text, 'axios'), undefined);
    assert.equal(
      defaultImportOf("// axios\nimport * as axios from 'axios';\n", 'axios'),
      undefined,
    );
    assert.equal(defaultImportOf("import a from 'aXb';\n", 'a.b'), undefined);
  });
});

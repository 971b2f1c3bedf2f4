import assert from 'node:assert/strict';
import { fileStyleOf } from '../../../../../../src/core/deprecations/fixes/fileStyle';
import {
  addedImport,
  defaultImportOf,
} from '../../../../../../src/core/deprecations/fixes/javascript/imports';
import { applyEdits } from '../../../../../../src/core/deprecations/fixes/sourceEdit';

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

describe("a module's default import added", () => {
  const style = fileStyleOf("'use strict';\nconst a = 1;\n");
  const added = (text: string) => {
    const edits = addedImport(text, 'axios', 'axios', style);
    return applyEdits(text, edits);
  };

  it('as a require in a CommonJS file that requires nothing yet (module.exports, exports.x)', () => {
    assert.equal(
      added("'use strict';\n\nclass Pets {}\n\nmodule.exports = Pets;\n"),
      "'use strict';\nconst axios = require('axios');\n\nclass Pets {}\n\nmodule.exports = Pets;\n",
    );
    assert.equal(
      added('exports.find = function () {};\n'),
      "const axios = require('axios');\nexports.find = function () {};\n",
    );
  });

  it('after the shebang and the directive, never before them', () => {
    assert.equal(
      added("#!/usr/bin/env node\n// Finds pets.\n'use strict';\nmain();\n"),
      "#!/usr/bin/env node\n// Finds pets.\n'use strict';\nimport axios from 'axios';\nmain();\n",
    );
    assert.equal(
      added('#!/usr/bin/env node\nmain();\n'),
      "#!/usr/bin/env node\nimport axios from 'axios';\nmain();\n",
    );
    assert.equal(
      added('export const a = 1;\n'),
      "import axios from 'axios';\nexport const a = 1;\n",
    );
  });
});

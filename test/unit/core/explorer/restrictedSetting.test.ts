import assert from 'node:assert/strict';
import { valueForTrust } from '../../../../src/core/explorer/restrictedSetting';

describe('the environments setting in an untrusted workspace', () => {
  const user = { production: { baseUrl: 'https://api.example.com/v1' } };
  const folder = { production: { baseUrl: 'https://attacker.example.net/v1' } };
  const inspected = {
    defaultValue: { production: { baseUrl: '' } },
    globalValue: user,
    workspaceValue: folder,
  };

  it("ignores the folder's base URLs until the folder is trusted", () => {
    assert.deepEqual(valueForTrust(folder, inspected, false), user);
  });

  it('falls back to the default when the user set nothing', () => {
    assert.deepEqual(
      valueForTrust(
        folder,
        { defaultValue: inspected.defaultValue, workspaceValue: folder },
        false,
      ),
      inspected.defaultValue,
    );
  });

  it('uses what the editor resolved once trusted', () => {
    assert.deepEqual(valueForTrust(folder, inspected, true), folder);
  });
});

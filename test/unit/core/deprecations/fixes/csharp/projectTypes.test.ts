import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRepository } from '../../../../../support/projectRepository';
import { projectTypeText } from '../../../../../../src/core/deprecations/fixes/csharp/projectTypes';

const repository = (files: Record<string, string>) => projectRepository('project-types-', files);

const SERVICE = 'Web/Services/PetService.cs';
const SERVICE_TEXT = 'class PetService { private readonly IApiClient _api; }';

describe('the declaration of a type a C# file uses, for the project-helper rewrite', () => {
  const roots: string[] = [];
  const made = (files: Record<string, string>) => {
    const root = repository({ [SERVICE]: SERVICE_TEXT, ...files });
    roots.push(root);
    return root;
  };
  after(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

  it('reads Type.cs beside the file, and an interface’s implementation (ApiClient for IApiClient)', () => {
    const root = made({
      'Web/Services/ApiClient.cs': 'public class ApiClient : IApiClient { }',
      'Web/Services/IApiClient.cs': 'public interface IApiClient { }',
    });
    assert.match(
      projectTypeText(join(root, SERVICE), SERVICE_TEXT, 'IApiClient') ?? '',
      /class ApiClient/,
    );
  });

  it('reads a subfolder of a folder above (Models/PetDto.cs beside Services/)', () => {
    const root = made({ 'Web/Models/PetDto.cs': 'public record PetDto(long Id, string Name);' });
    assert.match(
      projectTypeText(join(root, SERVICE), SERVICE_TEXT, 'PetDto') ?? '',
      /record PetDto/,
    );
  });

  it('reads no file through a link out of the repository, nor a folder that is a link', () => {
    const outside = mkdtempSync(join(tmpdir(), 'outside-'));
    roots.push(outside);
    writeFileSync(join(outside, 'ApiClient.cs'), 'public class ApiClient { }');
    mkdirSync(join(outside, 'Models'));
    writeFileSync(join(outside, 'Models', 'PetDto.cs'), 'public class PetDto { }');
    const root = made({});
    symlinkSync(join(outside, 'ApiClient.cs'), join(root, 'Web/Services/ApiClient.cs'));
    symlinkSync(join(outside, 'Models'), join(root, 'Web/Models'));
    assert.equal(projectTypeText(join(root, SERVICE), SERVICE_TEXT, 'ApiClient'), undefined);
    assert.equal(projectTypeText(join(root, SERVICE), SERVICE_TEXT, 'PetDto'), undefined);
  });

  it('reads nothing for a text with no file on disk: only the text itself', () => {
    assert.equal(projectTypeText('nowhere/PetService.cs', SERVICE_TEXT, 'ApiClient'), undefined);
    assert.match(
      projectTypeText('nowhere/PetService.cs', `${SERVICE_TEXT} class ApiClient {}`, 'ApiClient') ??
        '',
      /class ApiClient/,
    );
  });
});

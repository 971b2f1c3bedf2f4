import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { projectRepository } from '../../../../../support/projectRepository';
import { projectUsingsOf } from '../../../../../../src/core/deprecations/fixes/csharp/projectUsings';

const repository = (files: Record<string, string>) => projectRepository('project-usings-', files);

const project = (sdk: string, properties = '', items = '') =>
  `<Project Sdk="${sdk}"><PropertyGroup>${properties}</PropertyGroup><ItemGroup>${items}</ItemGroup></Project>`;

describe('the usings a C# file’s project imports into every file', () => {
  const roots: string[] = [];
  const usingsOf = (files: Record<string, string>, file = 'src/Api/PetClient.cs') => {
    const root = repository({ [file]: 'class PetClient {}', ...files });
    roots.push(root);
    return [...projectUsingsOf(join(root, file))].sort();
  };
  after(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

  it('Microsoft.NET.Sdk with ImplicitUsings: its seven namespaces, from the nearest .csproj above', () => {
    assert.deepEqual(
      usingsOf({
        'src/Shop.csproj': project('Microsoft.NET.Sdk', '<ImplicitUsings>enable</ImplicitUsings>'),
      }),
      [
        'System',
        'System.Collections.Generic',
        'System.IO',
        'System.Linq',
        'System.Net.Http',
        'System.Threading',
        'System.Threading.Tasks',
      ],
    );
  });

  it('the Web SDK adds System.Net.Http.Json; WPF leaves out System.IO and System.Net.Http', () => {
    const web = usingsOf({
      'Shop.csproj': project('Microsoft.NET.Sdk.Web', '<ImplicitUsings>true</ImplicitUsings>'),
    });
    assert.ok(web.includes('System.Net.Http.Json') && web.includes('Microsoft.AspNetCore.Http'));
    const wpf = usingsOf({
      'Shop.csproj': project(
        'Microsoft.NET.Sdk',
        '<ImplicitUsings>enable</ImplicitUsings><UseWPF>true</UseWPF>',
      ),
    });
    assert.ok(!wpf.includes('System.Net.Http') && !wpf.includes('System.IO'));
  });

  it('none without ImplicitUsings, or when the project disables what Directory.Build.props enables', () => {
    assert.deepEqual(usingsOf({ 'Shop.csproj': project('Microsoft.NET.Sdk') }), []);
    assert.deepEqual(
      usingsOf({
        'Directory.Build.props':
          '<Project><PropertyGroup><ImplicitUsings>enable</ImplicitUsings></PropertyGroup></Project>',
        'src/Shop.csproj': project('Microsoft.NET.Sdk', '<ImplicitUsings>disable</ImplicitUsings>'),
      }),
      [],
    );
    // A setting in a comment sets nothing.
    assert.deepEqual(
      usingsOf({
        'Shop.csproj': project(
          'Microsoft.NET.Sdk',
          '<!-- <ImplicitUsings>enable</ImplicitUsings> -->',
        ),
      }),
      [],
    );
  });

  it('<Using Include> and <Using Remove> items, and the project’s GlobalUsings.cs', () => {
    const names = usingsOf({
      'src/Shop.csproj': project(
        'Microsoft.NET.Sdk',
        '<ImplicitUsings>enable</ImplicitUsings>',
        '<Using Include="System.Text.Json" /><Using Remove="System.Net.Http" /><Using Include="System.Math" Static="true" />',
      ),
      'src/GlobalUsings.cs': 'global using System.Globalization;\nglobal using System.Net;\n',
    });
    assert.ok(names.includes('System.Text.Json'));
    assert.ok(names.includes('System.Globalization') && names.includes('System.Net'));
    assert.ok(!names.includes('System.Net.Http') && !names.includes('System.Math'));
  });

  it('none for a file no project holds, or a text with no file', () => {
    assert.deepEqual(usingsOf({ 'other/Shop.csproj': project('Microsoft.NET.Sdk.Web') }), []);
    assert.deepEqual([...projectUsingsOf('no/such/PetClient.cs')], []);
  });
});

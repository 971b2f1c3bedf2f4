/**
 * The namespaces a C# file's project already imports into every file, so the rewrite adds no
 * `using` for them: the SDK's implicit usings when the nearest .csproj above the file (or the
 * Directory.Build.props above it) enables ImplicitUsings, its `<Using Include>` items less its
 * `<Using Remove>` ones, and the `global using` lines of the project's GlobalUsings.cs or Usings.cs.
 * Nothing when the project cannot be read (no .csproj within the repository, the browser): the
 * rewrite then adds every using the helper needs that the file lacks.
 */
import { basename, dirname, join } from 'node:path';
import { projectFilesOf, type ProjectFiles } from '../projectFiles';

/** Microsoft.NET.Sdk's implicit usings; every Microsoft.NET.Sdk.* SDK builds on it. */
const BASE_SDK = [
  'System',
  'System.Collections.Generic',
  'System.IO',
  'System.Linq',
  'System.Net.Http',
  'System.Threading',
  'System.Threading.Tasks',
];
const SDK_EXTRAS: Record<string, readonly string[]> = {
  'Microsoft.NET.Sdk.Web': [
    'System.Net.Http.Json',
    'Microsoft.AspNetCore.Builder',
    'Microsoft.AspNetCore.Hosting',
    'Microsoft.AspNetCore.Http',
    'Microsoft.AspNetCore.Routing',
    'Microsoft.Extensions.Configuration',
    'Microsoft.Extensions.DependencyInjection',
    'Microsoft.Extensions.Hosting',
    'Microsoft.Extensions.Logging',
  ],
  'Microsoft.NET.Sdk.Worker': [
    'Microsoft.Extensions.Configuration',
    'Microsoft.Extensions.DependencyInjection',
    'Microsoft.Extensions.Hosting',
    'Microsoft.Extensions.Logging',
  ],
};
/** WPF's implicit usings leave these out (their names clash with WPF's). */
const NOT_IN_WPF = ['System.IO', 'System.Net.Http'];

export function projectUsingsOf(path: string): ReadonlySet<string> {
  const project = projectFilesOf(path);
  if (!project) return new Set();
  for (const folder of project.folders) {
    const projects = project.names(folder).filter((name) => name.endsWith('.csproj'));
    if (projects.length === 0) continue;
    // Two projects in one folder both compile the file: a namespace counts when both import it.
    const each = projects.map((name) => usingsOfProject(project, join(folder, name)));
    return new Set(each.reduce((all, next) => all.filter((name) => next.includes(name))));
  }
  return new Set();
}

function usingsOfProject(project: ProjectFiles, csproj: string): string[] {
  const text = withoutComments(project.read(csproj) ?? '');
  const props = directoryBuildProps(project, dirname(csproj));
  const sdk =
    /<Project\b[^>]*\bSdk\s*=\s*"([^"/;]+)/.exec(text)?.[1] ??
    /<(?:Sdk\s+Name|Import\b[^>]*\bSdk)\s*=\s*"([^"/;]+)/.exec(text)?.[1];
  // The project's own setting overrides Directory.Build.props, which MSBuild imports first.
  const settings = values(text, 'ImplicitUsings');
  const implicit = settings.length ? settings : values(props, 'ImplicitUsings');
  const enabled = implicit.length > 0 && implicit.every((value) => /^(enable|true)$/i.test(value));
  const wpf = [...values(props, 'UseWPF'), ...values(text, 'UseWPF')].some((value) =>
    /^true$/i.test(value),
  );
  let names: string[] = [];
  if (enabled && sdk?.startsWith('Microsoft.NET.Sdk'))
    names = [...BASE_SDK, ...(SDK_EXTRAS[sdk] ?? [])].filter(
      (name) => !(wpf && NOT_IN_WPF.includes(name)),
    );
  for (const source of [props, text]) {
    names.push(...items(source, 'Include'));
    const removed = items(source, 'Remove');
    names = names.filter((name) => !removed.includes(name));
  }
  return [...names, ...globalUsings(project, dirname(csproj))];
}

/** The nearest Directory.Build.props at or above the project's folder, within the repository. */
function directoryBuildProps(project: ProjectFiles, from: string): string {
  for (const folder of project.folders.slice(project.folders.indexOf(from)))
    if (project.names(folder).includes('Directory.Build.props'))
      return withoutComments(project.read(join(folder, 'Directory.Build.props')) ?? '');
  return '';
}

/** `global using X;` in the files the templates keep them in, beside the .csproj. */
function globalUsings(project: ProjectFiles, folder: string): string[] {
  return project
    .names(folder)
    .filter((name) => /^(Global)?Usings\.cs$/i.test(basename(name)))
    .flatMap((name) => [
      ...(project.read(join(folder, name)) ?? '').matchAll(
        /^[ \t]*global\s+using\s+([\w.]+)\s*;/gm,
      ),
    ])
    .map((match) => match[1]!);
}

function values(text: string, property: string): string[] {
  return [...text.matchAll(new RegExp(`<${property}>\\s*([^<\\s]*)\\s*</${property}>`, 'g'))].map(
    (match) => match[1]!,
  );
}

/** `<Using Include="X" />` (not an alias or `using static`), or `Remove`. */
function items(text: string, kind: 'Include' | 'Remove'): string[] {
  return [...text.matchAll(new RegExp(`<Using\\s+([^>]*?)/?>`, 'g'))]
    .filter((match) => !/\b(Alias|Static)\s*=/.test(match[1]!))
    .map((match) => new RegExp(`\\b${kind}\\s*=\\s*"([\\w.]+)"`).exec(match[1]!)?.[1])
    .filter((name): name is string => name !== undefined);
}

function withoutComments(xml: string): string {
  return xml.replace(/<!--[\s\S]*?-->/g, '');
}

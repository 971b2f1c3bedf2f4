#!/usr/bin/env node
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ProposedFeatures, createConnection } from 'vscode-languageserver/node';
import { startDeprecationServer } from './deprecationServer';

/**
 * The language server over stdio (`--stdio`) or Node IPC (as VS Code starts it). Usable from any
 * LSP client: see the README for Neovim.
 */
startDeprecationServer(createConnection(ProposedFeatures.all), {
  // The README's section on the deprecation, shipped with the package.
  defaultExplanationUri: `${pathToFileURL(resolve(__dirname, '../../README.md')).href}#deprecated-getpet-finder`,
});

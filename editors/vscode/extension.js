/* global require, exports */
// The smallest VS Code client for `wgsl-lab lsp --stdio`: starts the server for .wgsl
// files and passes it the `wgsl-lab.*` settings (the server asks for them through
// workspace/configuration and is told when they change). Everything else is the server's.
const { workspace } = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

let client;

exports.activate = async function activate() {
  const [command, ...args] = workspace.getConfiguration('wgsl-lab').get('command') ?? ['npx', '--no-install', 'wgsl-lab'];
  client = new LanguageClient(
    'wgsl-lab',
    'wgsl-lab',
    { command, args: [...args, 'lsp', '--stdio'] },
    {
      documentSelector: [
        { scheme: 'file', language: 'wgsl' },
        { scheme: 'untitled', language: 'wgsl' },
      ],
      synchronize: { configurationSection: 'wgsl-lab' },
    },
  );
  await client.start();
};

exports.deactivate = function deactivate() {
  return client?.stop();
};

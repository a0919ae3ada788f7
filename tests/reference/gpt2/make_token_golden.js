#!/usr/bin/env node
// Writes token_golden.json: GPT-2's token ids of every sentence of sentences.json, as the npm
// package gpt-3-encoder's JavaScript encoder gives them, so that the tests need no network.
// The package is fetched with `npm pack` into a temporary folder (never committed), and its
// encoder.json and vocab.bpe must be byte-identical to tests/fixtures/gpt2/.
//
// Rerun (needs node and npm with access to the npm registry):
//     node tests/reference/gpt2/make_token_golden.js
// then check the Python BPE against it:
//     /usr/bin/python3 tests/reference/gpt2/gpt2_reference.py check-tokens
'use strict';

const childProcess = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const PACKAGE = 'gpt-3-encoder@1.1.4';
const here = __dirname;
const fixtures = path.join(here, '..', '..', 'fixtures', 'gpt2');

// GPT-2's pattern has \s of Python's `regex`; JavaScript's \s differs on these two.
const DIFFERENT_WHITE_SPACE = ['\u0085', '\ufeff'];

function unpackEncoder(folder) {
  const tarball = childProcess.execFileSync('npm', ['pack', '--silent', PACKAGE], { cwd: folder })
    .toString().trim().split('\n').pop();
  childProcess.execFileSync('tar', ['xzf', tarball], { cwd: folder });
  const unpacked = path.join(folder, 'package');
  for (const name of ['encoder.json', 'vocab.bpe']) {
    const ours = fs.readFileSync(path.join(fixtures, name));
    if (!ours.equals(fs.readFileSync(path.join(unpacked, name)))) {
      throw new Error(`${PACKAGE}'s ${name} differs from tests/fixtures/gpt2/${name}`);
    }
  }
  return require(path.join(unpacked, 'Encoder.js'));
}

function main() {
  const sentences = JSON.parse(fs.readFileSync(path.join(here, 'sentences.json'), 'utf8'));
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'gpt-3-encoder-'));
  try {
    const { encode, decode } = unpackEncoder(folder);
    const lines = sentences.map((text, index) => {
      for (const ch of DIFFERENT_WHITE_SPACE) {
        if (text.includes(ch)) {
          throw new Error(`sentence ${index + 1} has U+${ch.codePointAt(0).toString(16)}`);
        }
      }
      const ids = encode(text);
      if (!ids.every(Number.isInteger) || decode(ids) !== text) {
        throw new Error(`sentence ${index + 1} ${JSON.stringify(text)}: the encoder gives ` +
                        `${JSON.stringify(ids)}, which does not decode to the sentence`);
      }
      return JSON.stringify({ text, ids });
    });
    fs.writeFileSync(path.join(here, 'token_golden.json'), '[\n' + lines.join(',\n') + '\n]\n');
    console.log(`token_golden.json: ${lines.length} sentences`);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

main();

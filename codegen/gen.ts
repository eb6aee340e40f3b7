/**
 * `npm run gen -- <generator> [answers...]`: checks the generator's name, then hands over to plop. With a name
 * plop does not know, it lists the generators and how to call them: plop alone answers
 * `Could not find a generator for "--plopfile plopfile.ts nosuch"`, which tells a new developer nothing.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import nodePlop from 'node-plop';

const PLOPFILE = path.resolve(import.meta.dirname, '..', 'plopfile.ts');

const USAGE: Record<string, string> = {
  master: 'npm run gen -- master <Entity> <MenuCode> <link> <titleZh> <titleEn> "<fields>"',
  bill: "npm run gen -- bill <CODE> <category>[+options] <titleZh> <titleEn> '<header fields>'",
  page: "npm run gen -- page <domain> <Name> <link> <titleZh> <titleEn> <menu group|-> <source|-> '<columns>|-' [<save call>]",
};

const [name, ...answers] = process.argv.slice(2);
const generators = (await nodePlop(PLOPFILE)).getGeneratorList();

// Without a name plop asks which generator, then every answer (the README's interactive way).
if (name && !generators.some((generator) => generator.name === name)) {
  console.error(`There is no generator "${name}".`);
  console.error('Generators:');
  for (const generator of generators) {
    console.error(`  ${generator.name.padEnd(8)} ${generator.description}`);
    if (USAGE[generator.name]) console.error(`           ${USAGE[generator.name]}`);
  }
  console.error('The README ("Adding a screen", "Adding a bill type") explains the answers.');
  process.exit(2);
}

// The page's last answer (a save call for an editor) is optional on the command line: plop would ask for it.
if (name === 'page' && answers.length === 8) answers.push('-');

const plop = spawnSync(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, '..', 'node_modules', 'plop', 'bin', 'plop.js'), '--plopfile', PLOPFILE, ...(name ? [name, ...answers] : [])], {
  stdio: 'inherit',
});
process.exit(plop.status ?? 1);

// Runs the Fairy-Stockfish WebAssembly build (the npm package
// fairy-stockfish-nnue.wasm) as a UCI engine on standard input and output,
// with a variants file copied into its in-memory file system, so that the
// match runner can play it in Varia's variants:
//
//   node --no-experimental-fetch fsf.js PACKAGE_DIR [VARIANTS_INI]
//
// then "setoption name UCI_Variant value edgy" etc.
const fs = require("fs");
const path = require("path");
const readline = require("readline");

async function main() {
  const [dir, ini] = process.argv.slice(2);
  if (!dir) {
    console.error("usage: fsf.js PACKAGE_DIR [VARIANTS_INI]");
    process.exit(2);
  }
  const Stockfish = require(path.resolve(dir, "stockfish.js"));
  const engine = await Stockfish();
  engine.addMessageListener((line) => console.log(line));
  if (ini) {
    engine.FS.writeFile("/variants.ini", fs.readFileSync(ini));
    engine.postMessage("setoption name VariantPath value /variants.ini");
  }
  const input = readline.createInterface({ input: process.stdin });
  for await (const command of input) {
    if (command.trim() === "quit") break;
    engine.postMessage(command);
  }
  engine.postMessage("quit");
  process.exit(0);
}

main();

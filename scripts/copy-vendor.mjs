// Copies the browser builds of npm packages into static/vendor/, which the app serves itself:
// the club's room often has no internet, so nothing may come from a CDN.
import { copyFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const vendor = join(root, "static", "vendor");
mkdirSync(vendor, { recursive: true });
const files = [
  ["node_modules/socket.io-client/dist/socket.io.min.js", "socket.io.min.js"],
  ["node_modules/socket.io-client/dist/socket.io.min.js.map", "socket.io.min.js.map"],
];
for (const [from, to] of files) {
  copyFileSync(join(root, from), join(vendor, to));
}
console.log(`copied ${files.length} files to static/vendor/`);

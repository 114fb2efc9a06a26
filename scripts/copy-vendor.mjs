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
  // The API page (/api/docs); the standalone preset is left out, its top bar fetches by URL.
  ["node_modules/swagger-ui-dist/swagger-ui-bundle.js", "swagger-ui/swagger-ui-bundle.js"],
  ["node_modules/swagger-ui-dist/swagger-ui.css", "swagger-ui/swagger-ui.css"],
];
for (const [from, to] of files) {
  mkdirSync(dirname(join(vendor, to)), { recursive: true });
  copyFileSync(join(root, from), join(vendor, to));
}
console.log(`copied ${files.length} files to static/vendor/`);

// Imported first by `npm start` and `npm run dev`: an older Node.js stops here with one line instead of failing
// somewhere later (a dependency that needs a newer one).
import { describeRange, requiredNode, satisfies } from './node-version.mjs';

if (!satisfies(process.versions.node, requiredNode)) {
  process.stderr.write(
    `Sanga needs Node.js ${describeRange(requiredNode)} (26, the current LTS, is recommended); this is Node.js ${process.versions.node}. See the README, "Quick start".\n`,
  );
  process.exit(1);
}

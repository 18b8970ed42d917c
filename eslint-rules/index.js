// The project's own lint rules (eslint.config.js registers them as the plugin `local`).
import noImportCycle from './no-import-cycle.js';

export default { rules: { 'no-import-cycle': noImportCycle } };

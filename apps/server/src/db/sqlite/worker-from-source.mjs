// Worker-thread entry used only when the server runs from TypeScript source (tsx, vitest): a worker
// starts without the parent's TypeScript loader, so this loads the real `.worker.ts` file through
// tsx (a devDependency). The compiled server starts the `.worker.js` files directly.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.entry, import.meta.url);

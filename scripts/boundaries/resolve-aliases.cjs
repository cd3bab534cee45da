// Resolution for dependency-cruiser (a webpack-style config): the web app's `@/` alias and the
// contracts' source, as tsconfig paths, vite and vitest resolve them.
const path = require('node:path');

const root = path.resolve(__dirname, '../..');

module.exports = {
  resolve: {
    alias: {
      '@': path.join(root, 'apps/web/src'),
      '@atende/contracts$': path.join(root, 'packages/contracts/src/index.ts'),
    },
  },
};

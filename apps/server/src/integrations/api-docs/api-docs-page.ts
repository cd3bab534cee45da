/**
 * The reference's page: no inline script (the Content-Security-Policy allows scripts from this
 * origin only), Scalar's bundle, then our start script.
 */
export const apiDocsPage = `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Atende — API pública</title>
  </head>
  <body>
    <div id="app"></div>
    <script src="/api/docs/scalar/js/scalar.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`;

/**
 * Starts the reference from the generated document, in the dashboard's theme (same origin: its
 * stored choice, or the system's), with the system fonts (the default ones come from another host) and nothing that calls
 * Scalar's own services (telemetry, the AI agent).
 */
export const apiDocsScript = `(function () {
  var saved = null;
  try { saved = localStorage.getItem('theme'); } catch (error) {}
  var dark = saved === 'dark' || (saved !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
  Scalar.createApiReference('#app', {
    url: '/api/docs/openapi.json',
    withDefaultFonts: false,
    forceDarkModeState: dark ? 'dark' : 'light',
    hideDarkModeToggle: true,
    showDeveloperTools: 'never',
    agent: { disabled: true },
    mcp: { disabled: true },
    telemetry: false,
    documentDownloadType: 'json',
    metaData: { title: 'Atende — API pública' }
  });
})();
`;

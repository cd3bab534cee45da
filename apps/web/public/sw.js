// Atende service worker. Never serves a stale app after a deploy:
// - navigations and /index.html: network first, cached copy only when offline;
// - hashed /assets/*: cache first (their names change with every build);
// - /api and /socket.io: network only, never cached (responses carry user data and tokens).
const VERSION = 'v1';
const SHELL_CACHE = `atende-shell-${VERSION}`;
const ASSET_CACHE = `atende-assets-${VERSION}`;
const KEEP = new Set([SHELL_CACHE, ASSET_CACHE]);
const MAX_ASSETS = 120;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(['/', '/theme-init.js', '/favicon.svg']))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => !KEEP.has(key)).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

function isNeverCached(url) {
  return url.pathname.startsWith('/api') || url.pathname.startsWith('/socket.io');
}

async function networkFirst(request, cacheKey) {
  const cache = await caches.open(SHELL_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(cacheKey, response.clone());
    return response;
  } catch (error) {
    const cached = (await cache.match(cacheKey)) || (await cache.match('/'));
    if (cached) return cached;
    throw error;
  }
}

async function trimAssets(cache) {
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_ASSETS))) await cache.delete(key);
}

async function cacheFirst(request) {
  const cache = await caches.open(ASSET_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') {
    await cache.put(request, response.clone());
    trimAssets(cache);
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (isNeverCached(url)) return; // network only: the browser handles it untouched
  if (request.mode === 'navigate' || url.pathname === '/index.html') {
    event.respondWith(networkFirst(request, '/'));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
    return;
  }
  if (url.pathname === '/theme-init.js' || url.pathname === '/favicon.svg') {
    event.respondWith(networkFirst(request, url.pathname));
  }
});

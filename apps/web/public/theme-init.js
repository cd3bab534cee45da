// Applies the saved theme before first paint (no flash of the wrong theme). External file: CSP forbids inline scripts.
(() => {
  try {
    const saved = localStorage.getItem('theme');
    const pref = saved === 'light' || saved === 'dark' ? saved : 'system';
    const dark = pref === 'dark' || (pref === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  } catch {}
})();

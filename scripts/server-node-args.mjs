// The node options the compiled server runs with (`npm start`, `npm run cluster`, bench:api).
//
// A young generation of 64 MB per semi-space instead of V8's 16 MB: each customer message allocates
// about half a megabyte of short-lived objects (query builders, rows, event payloads), so at 250
// messages/s the default one was scavenged ten times a second, and the objects still in flight at
// each scavenge were copied and promoted. With 64 MB scavenges are a quarter as frequent; the server's
// CPU per message fell by about 6% (decision 010), for up to 96 MB more memory under load (two
// semi-spaces of 64 MB instead of 16).
//
// Options given by the caller (`extra`, or NODE_OPTIONS) win: a setting there is not overridden.

const DEFAULTS = ['--max-semi-space-size=64'];

/** The option's name, without its value (`--max-semi-space-size=64` → `--max-semi-space-size`). */
const nameOf = (option) => option.split('=')[0].replaceAll('_', '-');

/** Our defaults the caller did not set, then the caller's own options. */
export function serverNodeArgs(extra = [], nodeOptions = process.env.NODE_OPTIONS ?? '') {
  const given = new Set([...extra, ...nodeOptions.split(/\s+/).filter(Boolean)].map(nameOf));
  return [...DEFAULTS.filter((option) => !given.has(nameOf(option))), ...extra];
}

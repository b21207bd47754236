// The Content-Security-Policy of the site, in one place: the test server
// sends it as a header and the build writes it into every page's <head>, so
// a host that sends no header still gets it.
export const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'";

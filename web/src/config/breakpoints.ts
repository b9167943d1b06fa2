// The layout's breakpoint, for script (the stylesheets use the same 768 px). Free of React: the first
// screen (app/first-paint.ts) reads it before React has loaded.
export const DESKTOP_QUERY = '(min-width: 768px)';

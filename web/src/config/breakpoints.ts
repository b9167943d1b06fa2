// The layout's breakpoint, for script (the stylesheets use the same 768 px). Free of React.
export const DESKTOP_QUERY = '(min-width: 768px)';

// Vite's `?url` imports (the worker tsconfig leaves out vite/client, which drags in DOM types).
declare module '*?url' {
  const url: string;
  export default url;
}

// `?url&no-inline`: a URL even for a file small enough that Vite would inline it as data:.
declare module '*?url&no-inline' {
  const url: string;
  export default url;
}

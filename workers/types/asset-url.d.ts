// Vite's `?url` imports (the worker tsconfig leaves out vite/client, which drags in DOM types).
declare module '*?url' {
  const url: string;
  export default url;
}

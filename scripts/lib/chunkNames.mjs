// The chunks the app's start-up treats specially, by the names vite.config.ts gives them; read by the build
// (vite.config.ts, scripts/prerender/pages.mjs) and by scripts/check-size.mjs, which checks both hold.

/** React (with react-dom and scheduler) and the router: src/boot.ts evaluates each in a task of its own before the entry (data-app-stages). */
export const STAGED_CHUNKS = ['react', 'router'];

/** Chunks V8 compiles eagerly (`//# allFunctionsCalledOnLoad`): the framework and Dexie, most of which runs as the app starts. */
export const EAGER_CHUNKS = [...STAGED_CHUNKS, 'db'];

/** The first line a hinted chunk starts with. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

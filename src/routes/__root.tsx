import { createRootRoute } from '@tanstack/react-router';

/**
 * The root of every route. Its layout, error and not-found views are the app shell's (src/app/router.tsx gives
 * them with `update`): the shell is the top layer, which imports the routes and is imported by nothing, so a
 * route file never reaches up into src/app.
 */
export const rootRoute = createRootRoute();

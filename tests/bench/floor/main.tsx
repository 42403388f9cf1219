// The framework floor for the entry-size benchmark (scripts/bench/size.mjs): the libraries every page of
// the app needs up front — React DOM, the router, Dexie and zustand — each used minimally, one element
// rendered. Built with the same Vite version and build options as the app; never shipped.
import { createRoot } from 'react-dom/client';
import { Outlet, RouterProvider, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { Dexie, type EntityTable } from 'dexie';
import { create } from 'zustand';

interface Row {
  id: string;
  value: number;
}

const db = new Dexie('floor') as Dexie & { rows: EntityTable<Row, 'id'> };
db.version(1).stores({ rows: '&id' });

const useCount = create<{ count: number }>(() => ({ count: 0 }));

function Home() {
  const count = useCount((s) => s.count);
  return <h1>Floor: {count} rows</h1>;
}

const rootRoute = createRootRoute({ component: Outlet });
const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: Home });
const router = createRouter({ routeTree: rootRoute.addChildren([indexRoute]) });

void db.rows.count().then((count) => useCount.setState({ count }));

const root = document.getElementById('root');
if (root) createRoot(root).render(<RouterProvider router={router} />);

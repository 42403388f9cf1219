import { Link } from '@tanstack/react-router';
import type { ReactElement } from 'react';

export function NotFound(): ReactElement {
  return (
    <section className="error-view">
      <h1>Page not found</h1>
      <p>That address isn’t part of Town Square.</p>
      <Link className="btn" to="/">Go home</Link>
    </section>
  );
}
